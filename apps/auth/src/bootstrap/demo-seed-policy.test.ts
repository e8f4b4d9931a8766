import { demoSeedPassword } from './demo-seed-policy';

describe('demoSeedPassword', () => {
  it('outside production, a set DEMO_PASSWORD seeds the demo tenant (npm start), SEED_DEMO or not', () => {
    expect(demoSeedPassword({ DEMO_PASSWORD: 'demo passphrase' })).toBe('demo passphrase');
    expect(demoSeedPassword({ NODE_ENV: 'development', DEMO_PASSWORD: 'demo passphrase' })).toBe('demo passphrase');
    expect(demoSeedPassword({})).toBeUndefined();
  });

  it('in production, only SEED_DEMO=true seeds it', () => {
    expect(demoSeedPassword({ NODE_ENV: 'production', DEMO_PASSWORD: 'demo passphrase' })).toBeUndefined();
    expect(demoSeedPassword({ NODE_ENV: 'production', DEMO_PASSWORD: 'demo passphrase', SEED_DEMO: 'false' })).toBeUndefined();
    expect(demoSeedPassword({ NODE_ENV: 'production', DEMO_PASSWORD: 'demo passphrase', SEED_DEMO: 'true' })).toBe('demo passphrase');
    expect(demoSeedPassword({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toBeUndefined();
  });

  it('refuses a SEED_DEMO that is not a boolean, naming the value', () => {
    expect(() => demoSeedPassword({ NODE_ENV: 'production', DEMO_PASSWORD: 'demo passphrase', SEED_DEMO: 'sure' })).toThrow('SEED_DEMO must be true or false, got "sure"');
  });
});
