import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { businessEnrichmentQueue, createProducer, type Producer } from '@kyb/queues';
import { providerRecords, scriptedProvider } from '../test-support/fake-providers';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

/**
 * End to end over a real socket with Node's fetch(), which adds `Cache-Control: no-cache` to every
 * request that carries a conditional header: E1 and E11 still answer 304 to their own ETag.
 */
describe('conditional GET with fetch() (E1, E11)', () => {
  let t: IntegrationTestApp;
  let server: Server;
  let base: string;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  const provider = scriptedProvider(17);
  const customerId = randomUUID();
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await startIntegrationTestApp({ publicRecordsProvider: provider });
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
    headers = { Authorization: `Bearer ${t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' })}` };
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/integration/api/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await jobs.close();
    await t.close();
  });

  async function enrichedBusiness(): Promise<string> {
    const id = randomUUID();
    await t.business({ id, customerId, name: 'Longwood Dental' });
    provider.script(id, [providerRecords([{ kind: 'LIEN', providerRecordId: 'L-1', filingDate: '2025-05-15T00:00:00.000Z', status: 'active', amount: 4445 }])]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    await eventually(async () => ((await fetch(`${base}/business/${id}/public-records`, { headers })).status === 200 ? true : undefined));
    return id;
  }

  it.each([
    ['E1', (id: string) => `/business/${id}/public-records`],
    ['E11', (id: string) => `/facts/business/${id}/bjl`],
  ])('%s answers 304 with an empty body to its ETag, and 200 with the body to another', async (_name, pathOf) => {
    const url = `${base}${pathOf(await enrichedBusiness())}`;
    const first = await fetch(url, { headers });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { status: string };
    expect(body.status).toBe('success');
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"/);

    const again = await fetch(url, { headers: { ...headers, 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    const explicit = await fetch(url, { headers: { ...headers, 'If-None-Match': `"other", W/${etag}`, 'Cache-Control': 'no-cache' } });
    expect(explicit.status).toBe(304);
    await explicit.text();

    const changed = await fetch(url, { headers: { ...headers, 'If-None-Match': '"other"' } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual(body);
  });

  it('never answers 304 to a caller who may not read the business', async () => {
    const id = await enrichedBusiness();
    const url = `${base}/business/${id}/public-records`;
    const etag = (await fetch(url, { headers })).headers.get('etag') as string;
    const stranger = { Authorization: `Bearer ${t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), subrole: 'owner' })}` };
    const res = await fetch(url, { headers: { ...stranger, 'If-None-Match': etag } });
    expect(res.status).toBe(403);
    await res.text();
  });
});
