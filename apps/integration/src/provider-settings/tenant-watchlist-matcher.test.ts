import type { GuardedCallRequest } from '../providers/guard/guarded-call';
import { ProviderError } from '../providers/providers.errors';
import type { WatchlistMatcher } from '../providers/watchlist.provider';
import type { ProviderSettingsRow } from './provider-settings.store';
import { createTenantWatchlistMatchers, type WatchlistChoice } from './tenant-watchlist-matcher';

const matcher = (name: string): WatchlistMatcher => ({ name, screen: async () => ({ lists: [{ list: name, version: '1', publishedAt: null }], results: [] }) });

/* Which sanctions matcher serves each tenant: its watchlist choice, else the sandbox. */
describe('a tenant\'s watchlist matcher', () => {
  const rows = new Map<string, ProviderSettingsRow>();
  const guarded: GuardedCallRequest[] = [];
  const builds: WatchlistChoice[] = [];
  const sandbox = matcher('sandbox');
  const ofac = matcher('ofac');
  const matcherFor = createTenantWatchlistMatchers({
    store: { find: async (customerId, capability) => (capability === 'watchlist' ? rows.get(customerId) : undefined) },
    dataKeys: { open: async (sealed) => (sealed.startsWith('sealed:') ? sealed.slice('sealed:'.length) : Promise.reject(new Error(`cannot open ${sealed}`))) },
    sandbox,
    ofac,
    hosted: {
      opensanctions: (choice) => {
        builds.push(choice);
        if (!choice.credentials.api_key) throw new ProviderError('OpenSanctions needs an api_key', { transient: false });
        return matcher('opensanctions');
      },
    },
    guard: async (request, call) => (guarded.push(request), call()),
  });
  const choose = (customer: string, adapter: string, sealed: string | null = null, at = new Date('2026-12-06T10:00:00Z')) =>
    rows.set(customer, { customer_id: customer, capability: 'watchlist', adapter, credentials_sealed: sealed, credentials_fingerprint: sealed ? 'f1' : null, settings: { dataset: 'sanctions' }, updated_by: 'u', updated_at: at });

  it('serves a tenant that chose nothing, or the sandbox, with the sandbox, and one that chose ofac with the engine over the loaded lists', async () => {
    expect(await matcherFor('none')).toBe(sandbox);
    choose('s', 'sandbox');
    expect(await matcherFor('s')).toBe(sandbox);
    choose('o', 'ofac');
    expect(await matcherFor('o')).toBe(ofac);
  });

  it('builds the hosted matcher from the opened credentials once per choice, and sends its screenings through the guard as the tenant\'s', async () => {
    choose('h', 'opensanctions', 'sealed:{"api_key":"k-1"}');
    const first = await matcherFor('h');
    expect(await matcherFor('h')).toBe(first);
    expect(builds).toEqual([{ credentials: { api_key: 'k-1' }, settings: { dataset: 'sanctions' } }]);
    await first.screen([], { threshold: 0.9 });
    expect(guarded).toEqual([{ adapter: 'opensanctions', credentialFingerprint: 'f1', capability: 'watchlist', customerId: 'h', safeToRepeat: true }]);
    choose('h', 'opensanctions', 'sealed:{"api_key":"k-2"}', new Date('2026-12-06T11:00:00Z'));
    await matcherFor('h');
    expect(builds.map((b) => b.credentials.api_key)).toEqual(['k-1', 'k-2']);
  });

  it('fails every screening of a choice whose credentials do not open, or that the adapter refuses, for good and in our words', async () => {
    choose('u', 'opensanctions', 'damaged');
    await expect((await matcherFor('u')).screen([], { threshold: 0.9 })).rejects.toMatchObject({ transient: false, message: 'The stored watchlist provider credentials could not be read; choose the adapter again.' });
    choose('r', 'opensanctions', 'sealed:{"api_key":""}');
    await expect((await matcherFor('r')).screen([], { threshold: 0.9 })).rejects.toMatchObject({ transient: false, message: 'OpenSanctions needs an api_key' });
  });
});
