import { loadConfig } from '@kyb/config';
import { parseRateLimits, providerRateLimitsSetting } from './provider-rate-limits';

describe('PROVIDER_RATE_LIMITS', () => {
  const load = (raw?: string) => loadConfig({ PROVIDER_RATE_LIMITS: providerRateLimitsSetting }, { PROVIDER_RATE_LIMITS: raw }).PROVIDER_RATE_LIMITS;

  it('reads calls per minute and burst per adapter, and changes nothing when unset', () => {
    expect(load('smarty=1200/40, opencorporates=30/2')).toEqual({ smarty: { perMinute: 1200, burst: 40 }, opencorporates: { perMinute: 30, burst: 2 } });
    expect(load(undefined)).toEqual({});
  });

  it('refuses an entry that is not adapter=calls/burst, an adapter without a limit, or a zero', () => {
    expect(() => parseRateLimits('smarty=fast')).toThrow('must be adapter=calls-per-minute/burst entries separated by commas (for example smarty=600/20), got "smarty=fast"');
    expect(() => parseRateLimits('sandbox=10/1')).toThrow('names an adapter without a rate limit: "sandbox" (one of smarty, opencorporates, cobalt, compliancely, match-pro, opensanctions)');
    expect(() => parseRateLimits('cobalt=0/5')).toThrow('needs at least 1 call a minute and a burst of at least 1, got "cobalt=0/5"');
  });
});
