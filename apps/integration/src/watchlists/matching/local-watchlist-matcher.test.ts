import { ProviderError } from '../../providers/providers.errors';
import type { WatchlistSubject } from '../../providers/watchlist.provider';
import { createLocalWatchlistMatcher } from './local-watchlist-matcher';
import { fixtureLists } from './test-support/fixture-lists';
import { createWatchlistIndex, type WatchlistIndex } from './watchlist-index';

const owner: WatchlistSubject = { role: 'owner', refId: 'owner-1', kind: 'person', name: 'Reza Taheri', dateOfBirth: '1963-02-01', country: 'Iran' };

let index: WatchlistIndex;
beforeAll(async () => {
  index = createWatchlistIndex(await fixtureLists());
});

describe('createLocalWatchlistMatcher', () => {
  it("is the matcher named 'ofac' and answers what its index answers", async () => {
    const matcher = createLocalWatchlistMatcher({ index });
    expect(matcher.name).toBe('ofac');
    const answer = await matcher.screen([owner], { threshold: 0.85 });
    expect(answer).toEqual(index.screen([owner], { threshold: 0.85 }));
    expect(answer.results[0].candidates.map((c) => [c.entryId, c.score, c.evidence])).toEqual([['90017', 1, { dateOfBirth: 'close', country: 'same' }]]);
  });

  it('asks for the current index on every screening, so a newer list version is used without a new matcher', async () => {
    let current: WatchlistIndex = createWatchlistIndex([]);
    const matcher = createLocalWatchlistMatcher({ index: async () => current });
    expect((await matcher.screen([owner], { threshold: 0.85 })).results[0].candidates).toEqual([]);
    current = index;
    expect((await matcher.screen([owner], { threshold: 0.85 })).results[0].candidates.map((c) => c.entryId)).toEqual(['90017']);
  });

  it('refuses a threshold outside 0..1 as a permanent provider error', async () => {
    const matcher = createLocalWatchlistMatcher({ index });
    const refused = await matcher.screen([owner], { threshold: 1.2 }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toEqual(expect.objectContaining({ message: 'The watchlist threshold must be between 0 and 1', transient: false }));
  });
});
