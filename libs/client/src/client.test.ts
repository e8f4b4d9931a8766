import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKybClient, KybClientStateError } from './index';
import { fakeJwt, ok, startFakeSuite, type FakeSuite } from './test-support/fake-suite';

describe('the 360 report download', () => {
  let suite: FakeSuite;
  beforeEach(async () => {
    suite = await startFakeSuite();
  });
  afterEach(() => suite.close());

  const client = () => createKybClient({ baseUrl: `${suite.baseUrl}/`, session: { role: 'CUSTOMER', idToken: fakeJwt({}), accessToken: 'a', refreshToken: 'r' } });

  it('asks for the signed URL and fetches the PDF from it without the bearer', async () => {
    suite.on('POST', '/report/api/v1/reports/r-1/download', () => ok({ id: 'r-1', status: 'COMPLETED', pdf_url: `${suite.baseUrl}/report/api/v1/reports/r-1/pdf?signature=abc` }));
    suite.on('GET', '/report/api/v1/reports/r-1/pdf', () => ({ status: 200, headers: { 'content-type': 'application/pdf' }, text: '%PDF-1.7 fake' }));

    const pdf = await client().downloadReport('r-1');

    expect(Buffer.from(pdf).toString()).toBe('%PDF-1.7 fake');
    const [fetched] = suite.requestsTo('GET', '/report/api/v1/reports/r-1/pdf');
    expect(fetched.query.get('signature')).toBe('abc');
    expect(fetched.headers.authorization).toBeUndefined();
    expect(suite.requestsTo('POST', '/report/api/v1/reports/r-1/download')[0].headers.authorization).toMatch(/^Bearer /);
  });

  it('says a report not ready has no PDF yet', async () => {
    suite.on('POST', '/report/api/v1/reports/r-2/download', () => ok({ id: 'r-2', status: 'IN_PROGRESS', pdf_url: null }, 'Report is not ready to download'));

    const failed = client().downloadReport('r-2');

    await expect(failed).rejects.toBeInstanceOf(KybClientStateError);
    await expect(failed).rejects.toThrow('report r-2 is not ready to download: Report is not ready to download');
  });
});

describe('the package', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));

  it("has no runtime dependency: its code imports only Node's built-ins and its own files", () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../package.json'), 'utf8')) as { dependencies?: object; engines: { node: string } };
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.engines.node).toBe('>=20');
    const shipped = files(__dirname).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'));
    const imported = shipped.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '([^']+)'/gms)].map((m) => m[1]));
    expect(imported.length).toBeGreaterThan(10);
    expect(imported.filter((name) => !name.startsWith('node:') && !name.startsWith('./'))).toEqual([]);
  });
});

describe('the README', () => {
  it('shows the complete integration exactly as examples/integration.ts has it (typechecked with the library)', () => {
    const readme = readFileSync(join(__dirname, '../README.md'), 'utf8');
    const example = readFileSync(join(__dirname, '../examples/integration.ts'), 'utf8').split('\n').slice(1).join('\n');
    expect(example).toContain('verifyWebhook');
    expect(readme).toContain('```ts\n' + example + '```');
  });
});
