import { startFakeVendor, type FakeAnswer, type FakeVendor } from '../../test-support/fake-vendor';
import { createCompliancelyTinMatchFake, type CompliancelyFakeOptions } from '../../test-support/fakes/compliancely/compliancely-tin-match.fake';
import { ProviderError } from '../providers.errors';
import { VendorCallError } from '../vendor-http';
import { COMPLIANCELY_PRODUCTION_URL, createCompliancelyTinProvider } from './compliancely-tin.provider';

const TIN = '123456789';
const KEY = 'cly-token-9f8e7d';
const NOW = new Date('2026-12-02T18:00:00Z');

describe('Compliancely TIN matching', () => {
  const options: CompliancelyFakeOptions = {
    token: KEY,
    now: NOW,
    records: [
      { tin: TIN, name: 'Acme Widgets Inc' },
      { tin: '111000001', name: 'Bad Digits Co', irsCode: 1 },
      { tin: '111000006', name: 'Jane Doe', irsCode: 6 },
      { tin: '111000007', name: 'Jane Doe Consulting', irsCode: 7 },
      { tin: '111000008', name: 'Janus Twin', irsCode: 8 },
      { tin: '111000004', name: 'Refused Co', irsCode: 4 },
      { tin: '111000005', name: 'Twice Co', irsCode: 5 },
      { tin: '111000009', name: 'Waiting Co', irsCode: -1 },
      { tin: '111000010', name: 'Reviewed Co', irsCode: 10 },
    ],
  };
  const vendor = createCompliancelyTinMatchFake(options);
  let fake: FakeVendor;
  let override: FakeAnswer | undefined;
  beforeAll(async () => {
    fake = await startFakeVendor((request) => override ?? vendor(request));
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    options.trouble = undefined;
    options.delayMs = undefined;
    override = undefined;
  });

  const provider = (more: { api_key?: string; baseUrl?: string; timeoutMs?: number } = {}) =>
    createCompliancelyTinProvider({ baseUrl: more.baseUrl ?? fake.baseUrl, credentials: { api_key: more.api_key ?? KEY }, timeoutMs: more.timeoutMs });
  const match = (tin: string, legalName: string) => provider().matchTin({ tin, legalName });
  const failure = async (promise: Promise<unknown>) => {
    const err = await promise.then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    const { message, transient } = err as ProviderError;
    return { message, transient, status: err instanceof VendorCallError ? err.status : undefined };
  };
  /** What the fake answered to the last request, asked again (the fake keeps no answers). */
  const lastAnswer = () => vendor(fake.requests.at(-1)!);

  it('is the adapter compliancely, defaults to the production host, and needs its api_key', () => {
    expect(provider().name).toBe('compliancely');
    expect(COMPLIANCELY_PRODUCTION_URL).toBe('https://app1.compliancely.com');
    expect(() => createCompliancelyTinProvider({ baseUrl: fake.baseUrl, credentials: { api_key: ' ' } })).toThrow('Compliancely needs an api_key');
  });

  it('posts the TIN as nine digits and the name as Compliancely takes it, with the token header', async () => {
    await match('12-3456789', 'Acmé Widgets, Inc.');
    const sent = fake.requests.at(-1)!;
    expect([sent.method, sent.path, [...sent.query.keys()], sent.body]).toEqual(['POST', '/api/v1/tin/match/', [], '{"tin":"123456789","name":"Acme Widgets Inc"}']);
    expect([sent.headers.authorization, sent.headers['content-type'], sent.headers.accept]).toEqual([`Token ${KEY}`, 'application/json', 'application/json']);
  });

  it('matches a TIN registered to the legal name (IRS code 0) and keeps the answer with the TIN masked', async () => {
    const result = await match(TIN, 'Acme Widgets Inc');
    const raw = result.trace!.raw;
    const answer = {
      id: (JSON.parse(raw) as { id: number }).id,
      name: 'Acme Widgets Inc',
      tin: '*****6789',
      status: 'TIN Matched',
      created_by: 'compliancely',
      irs_code: 0,
      irs_reason: 'TIN and Name combination matches IRS records.',
      irs_service_status: 'RUNNING',
      last_irs_check_date: '2026-12-02T18:00:00Z',
      created_date: '2026-12-02T18:00:00Z',
      updated_date: '2026-12-02T18:00:00Z',
    };
    expect(result).toEqual({ matched: true, code: '0', description: 'The TIN and name match IRS records.', trace: { adapter: 'compliancely', version: 'v1', raw: JSON.stringify(answer) } });
    expect((lastAnswer().body as { tin: string }).tin).toBe(TIN);
  });

  it('does not match another name (3), a TIN not issued (2), or a TIN the IRS calls malformed (1)', async () => {
    expect(await match(TIN, 'Acme Gadgets Inc')).toMatchObject({ matched: false, code: '3', description: 'The TIN and name do not match IRS records.' });
    expect(await match('999888777', 'Acme Widgets Inc')).toMatchObject({ matched: false, code: '2', description: 'The TIN is not currently issued.' });
    expect(await match('111000001', 'Bad Digits Co')).toMatchObject({ matched: false, code: '1', description: 'The TIN is missing or is not a nine-digit number.' });
  });

  it('matches when the IRS finds the TIN as an SSN (6), an EIN (7) or both (8), telling which', async () => {
    const results = [await match('111000006', 'Jane Doe'), await match('111000007', 'Jane Doe Consulting'), await match('111000008', 'Janus Twin')];
    expect(results.map(({ matched, code, description }) => ({ matched, code, description }))).toEqual([
      { matched: true, code: '6', description: 'The TIN and name match IRS records of an SSN.' },
      { matched: true, code: '7', description: 'The TIN and name match IRS records of an EIN.' },
      { matched: true, code: '8', description: 'The TIN and name match IRS records of both an SSN and an EIN.' },
    ]);
  });

  it('fails a request the IRS refuses as invalid (4) for good, and a duplicate (5), an IRS outage (-1) or a review (10) as worth retrying', async () => {
    expect(await failure(match('111000004', 'Refused Co'))).toEqual({ message: 'The IRS refused the TIN-matching request as invalid (IRS code 4)', transient: false, status: undefined });
    expect(await failure(match('111000005', 'Twice Co'))).toEqual({ message: 'The IRS refused a duplicate TIN-matching request (IRS code 5)', transient: true, status: undefined });
    expect(await failure(match('111000009', 'Waiting Co'))).toEqual({
      message: 'Compliancely has no IRS answer yet: the IRS TIN-matching service is slow or unavailable (code -1)',
      transient: true,
      status: undefined,
    });
    expect(lastAnswer().body).toMatchObject({ status: 'Pending', irs_code: -1, irs_service_status: 'THE IRS TIN MATCHING SERVICE IS SLOW OR CURRENTLY EXPERIENCING AN OUTAGE' });
    expect(await failure(match('111000010', 'Reviewed Co'))).toEqual({ message: 'Compliancely has the TIN match under review (code 10)', transient: true, status: undefined });
  });

  it('refuses for good a TIN Compliancely rejects (400), and a name with nothing it accepts without asking', async () => {
    expect(await failure(match('12345', 'Acme Widgets Inc'))).toEqual({ message: 'Compliancely refused the request (HTTP 400)', transient: false, status: 400 });
    expect(lastAnswer()).toEqual({ status: 400, body: { tin: ['Enter a valid TIN: 9 digits without any special characters.'] } });
    const asked = fake.requests.length;
    expect(await failure(match(TIN, '!!! ...'))).toEqual({ message: 'The legal name has no character Compliancely accepts', transient: false, status: undefined });
    expect(fake.requests.length).toBe(asked);
  });

  it('is refused for good with a wrong token (401), checked by the fake with the documented bodies', async () => {
    expect(await failure(provider({ api_key: 'not-the-token' }).matchTin({ tin: TIN, legalName: 'Acme Widgets Inc' }))).toEqual({
      message: 'Compliancely refused the credentials (HTTP 401)',
      transient: false,
      status: 401,
    });
    expect(lastAnswer()).toEqual({ status: 401, body: { detail: 'Invalid token.' } });
    expect(vendor({ ...fake.requests.at(-1)!, headers: {} })).toEqual({ status: 401, body: { detail: 'Authentication credentials were not provided.' } });
  });

  it('is refused for good past its credit limit (403) and where there is no such endpoint (404)', async () => {
    options.trouble = 'credit-limit';
    expect(await failure(match(TIN, 'Acme Widgets Inc'))).toEqual({ message: 'Compliancely refused the credentials (HTTP 403)', transient: false, status: 403 });
    expect(lastAnswer().body).toEqual({ code: 'credit_message', message: 'Credit limit reached! For assistance, please contact the support' });
    options.trouble = undefined;
    expect(await failure(provider({ baseUrl: `${fake.baseUrl}/v9` }).matchTin({ tin: TIN, legalName: 'Acme Widgets Inc' }))).toEqual({
      message: 'Compliancely refused the request (HTTP 404)',
      transient: false,
      status: 404,
    });
  });

  it('retries a throttled call (429) and Compliancely failing (500, 502)', async () => {
    options.trouble = 'throttled';
    expect(await failure(match(TIN, 'Acme Widgets Inc'))).toEqual({ message: 'Compliancely is rate limiting these credentials (HTTP 429)', transient: true, status: 429 });
    options.trouble = 'server-error';
    expect(await failure(match(TIN, 'Acme Widgets Inc'))).toEqual({ message: 'Compliancely failed (HTTP 500)', transient: true, status: 500 });
    options.trouble = 'bad-gateway';
    expect(await failure(match(TIN, 'Acme Widgets Inc'))).toEqual({ message: 'Compliancely failed (HTTP 502)', transient: true, status: 502 });
  });

  it('retries an answer slower than its time-out, a body that is not JSON and an answer without an IRS code', async () => {
    options.delayMs = 400;
    expect(await failure(provider({ timeoutMs: 50 }).matchTin({ tin: TIN, legalName: 'Acme Widgets Inc' }))).toEqual({
      message: 'Compliancely did not answer within 50 ms',
      transient: true,
      status: null,
    });
    override = { status: 200, body: `<html>${TIN}</html>` };
    expect(await failure(match(TIN, 'Acme Widgets Inc'))).toEqual({ message: 'Compliancely answered a body that is not JSON (HTTP 200)', transient: true, status: 200 });
    override = { status: 200, body: { id: 1, tin: TIN, status: 'TIN Matched' } };
    expect(await failure(match(TIN, 'Acme Widgets Inc'))).toEqual({ message: 'Compliancely answered without an IRS result code', transient: true, status: undefined });
  });

  it('never puts the TIN or the token in an error, its cause included', async () => {
    const errors: unknown[] = [];
    const keep = (promise: Promise<unknown>) => promise.catch((e: unknown) => errors.push(e));
    await keep(provider({ api_key: 'not-the-token' }).matchTin({ tin: TIN, legalName: 'Acme Widgets Inc' }));
    await keep(match('111000004', 'Refused Co'));
    // Node's JSON parser quotes a short body in its error: a cause the adapter must not keep.
    override = { status: 200, body: `x${TIN}` };
    await keep(match(TIN, 'Acme Widgets Inc'));
    override = { status: 500, body: { tin: TIN } };
    await keep(match(TIN, 'Acme Widgets Inc'));
    expect(errors).toHaveLength(4);
    for (const err of errors) {
      const told = `${String(err)} ${(err as Error).stack} ${String((err as Error).cause)}`;
      expect([told.includes(TIN), told.includes('111000004'), told.includes(KEY)]).toEqual([false, false, false]);
    }
  });
});
