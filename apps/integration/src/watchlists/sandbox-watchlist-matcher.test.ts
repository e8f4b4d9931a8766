import type { WatchlistMatcher, WatchlistSubject } from '../providers/watchlist.provider';
import { createSandboxWatchlistMatcher } from './sandbox-watchlist-matcher';

const subject = (name: string, kind: WatchlistSubject['kind'] = 'organisation', role: WatchlistSubject['role'] = 'legal_name'): WatchlistSubject => ({ role, refId: 'b-1', kind, name, dateOfBirth: null, country: null });

/* The sandbox: the loaded lists as they are, and the sandbox's word listed on a fictional list. */
describe('the sandbox watchlist matcher', () => {
  const loadedAnswer = { lists: [{ list: 'ofac-sdn', version: 'v-1', publishedAt: null }] };
  const loaded: WatchlistMatcher = {
    name: 'ofac',
    screen: async (subjects) => ({ ...loadedAnswer, results: subjects.map((s) => ({ subject: s, candidates: [] })) }),
  };
  const sandbox = createSandboxWatchlistMatcher(loaded);

  it('lists a name with a word starting "sanctioned" on the sandbox list, every word matched, after the loaded lists', async () => {
    const answer = await sandbox.screen([subject('Sanctioned Trading LLC'), subject('Ana Sanctionedova', 'person', 'owner')], { threshold: 0.85 });
    expect(answer.lists).toEqual([...loadedAnswer.lists, { list: 'sandbox', version: 'sandbox-1', publishedAt: null }]);
    expect(answer.results[0].candidates).toEqual([
      {
        list: 'sandbox',
        listVersion: 'sandbox-1',
        entryId: 'SBX-E-SANCTIONED-TRADING-LLC',
        entryName: 'SANCTIONED TRADING LLC',
        entryType: 'entity',
        programs: ['SANDBOX'],
        matchedName: 'SANCTIONED TRADING LLC',
        alias: null,
        score: 1,
        matchedTokens: [
          { query: 'sanctioned', candidate: 'SANCTIONED', similarity: 1, how: 'exact' },
          { query: 'trading', candidate: 'TRADING', similarity: 1, how: 'exact' },
          { query: 'llc', candidate: 'LLC', similarity: 1, how: 'exact' },
        ],
        evidence: { dateOfBirth: 'unknown', country: 'unknown' },
        reason: "'Sanctioned Trading LLC' is on the sandbox's list because its name has the word 'Sanctioned' (the sandbox's sanctions trigger); every word matched exactly.",
      },
    ]);
    expect(answer.results[1].candidates[0]).toMatchObject({ entryType: 'individual', entryId: 'SBX-P-ANA-SANCTIONEDOVA' });
  });

  it('lists nothing for a name where the word is only inside another word, or absent', async () => {
    const answer = await sandbox.screen([subject('Unsanctioned Goods Inc'), subject('Clean Bakery')], { threshold: 0.85 });
    expect(answer.results.map((r) => r.candidates)).toEqual([[], []]);
  });
});
