import { seedOptions, USAGE } from './options';

const KEY = 'ab'.repeat(32);
const env = { DATA_ENCRYPTION_KEY: KEY };

describe('seedOptions', () => {
  it('reads the count, the database, the tenant and the sizes, with = or apart', () => {
    const options = seedOptions(['--businesses', '1_000_000', '--database-url=postgres://db/x', '--customer-name', 'Acme', '--templates=50', '--batch', '2000', '--jobs', '3'], env);
    expect(options).toMatchObject({ businesses: 1_000_000, databaseUrl: 'postgres://db/x', customerName: 'Acme', templates: 50, batch: 2000, jobs: 3 });
    expect(options.masterKey).toEqual(Buffer.from(KEY, 'hex'));
  });

  it("takes DATABASE_URL, else npm start's database, 1,000 templates and batches of 5,000, two at once, by default", () => {
    expect(seedOptions(['--businesses', '5'], { ...env, DATABASE_URL: 'postgres://env/y' })).toMatchObject({ databaseUrl: 'postgres://env/y', templates: 1000, batch: 5000, jobs: 2 });
    expect(seedOptions(['--businesses', '5'], env).databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/onboarding');
  });

  it('refuses what it cannot read, with the usage', () => {
    expect(() => seedOptions([], env)).toThrow(`--businesses is required\n${USAGE}`);
    expect(() => seedOptions(['--businesses', '0'], env)).toThrow('--businesses 0: a whole number, at least 1');
    expect(() => seedOptions(['--businesses', '5', '--customer', 'a', '--customer-name', 'b'], env)).toThrow('one or the other');
    expect(() => seedOptions(['--businesses', '5', '--tenant', 'a'], env)).toThrow(`unknown argument --tenant\n${USAGE}`);
    expect(() => seedOptions(['--businesses'], env)).toThrow('--businesses needs a value');
  });

  it("refuses to seal without the suite's master key", () => {
    expect(() => seedOptions(['--businesses', '5'], { SUITE_STATE_DIR: '/nonexistent' })).toThrow(/DATA_ENCRYPTION_KEY is not set and \/nonexistent\/local-secrets.json has none/);
    expect(() => seedOptions(['--businesses', '5'], { DATA_ENCRYPTION_KEY: 'short' })).toThrow(/DATA_ENCRYPTION_KEY/);
  });
});
