import { SpanStatusCode } from '@opentelemetry/api';
import { recordSpans } from '@kyb/telemetry/testing';
import { tracedProvider } from './traced-provider';

/* Traces (issue 47): a provider the guard does not wrap (a sandbox) is traced as a guarded call is. */
describe('tracedProvider', () => {
  const recorded = recordSpans();
  afterEach(() => recorded.clear());
  afterAll(() => recorded.stop());

  const sandbox = {
    name: 'sandbox',
    calls: 0,
    async matchTin(request: { tin: string; legalName: string }) {
      this.calls += 1;
      if (request.tin === '000000000') throw new Error(`TIN ${request.tin} refused`);
      return { matched: request.legalName === 'Acme LLC' };
    },
  };

  it('answers what the provider answers, keeps its other properties, and makes one span per call with its outcome, nothing of what was asked', async () => {
    const traced = tracedProvider(sandbox, 'tin', 'sandbox');
    expect(traced.name).toBe('sandbox');
    await expect(traced.matchTin({ tin: '123456789', legalName: 'Acme LLC' })).resolves.toEqual({ matched: true });
    await expect(traced.matchTin({ tin: '000000000', legalName: 'Acme LLC' })).rejects.toThrow('TIN 000000000 refused');
    expect(sandbox.calls).toBe(2);
    const spans = recorded.spans();
    expect(spans.map((s) => [s.name, s.attributes['kyb.provider.outcome'], s.status.code])).toEqual([
      ['provider tin sandbox', 'ok', SpanStatusCode.UNSET],
      ['provider tin sandbox', 'failed', SpanStatusCode.ERROR],
    ]);
    expect(spans[0].attributes).toEqual({ 'kyb.provider.adapter': 'sandbox', 'kyb.provider.capability': 'tin', 'kyb.provider.outcome': 'ok' });
    const exported = JSON.stringify(spans.map((s) => [s.attributes, s.events]));
    for (const secret of ['123456789', '000000000', 'Acme']) expect(exported).not.toContain(secret);
  });
});
