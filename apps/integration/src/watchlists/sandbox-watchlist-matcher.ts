/*
 * The sandbox's sanctions screening (the default of every tenant, docs/guides/sandbox-providers.md):
 * the suite's own engine over whatever official lists the platform loaded, plus a fictional list
 * of one word, so a test or a demonstration gets a hit without loading OFAC's files: any name with
 * a word starting `sanctioned` is listed there.
 */
import type { WatchlistCandidate, WatchlistMatcher, WatchlistSubject } from '../providers/watchlist.provider';

/** The sandbox's word: a name with a word starting with it is on the sandbox's list. */
export const SANDBOX_WATCHLIST_WORD = 'sanctioned';
/** The fictional list and its one version. */
export const SANDBOX_WATCHLIST = { list: 'sandbox', version: 'sandbox-1', publishedAt: null } as const;

const WORD = new RegExp(`(^|[^\\p{L}\\p{N}])(${SANDBOX_WATCHLIST_WORD}\\p{L}*)`, 'iu');

/** The sandbox list's entry for a subject whose name carries the word: the name itself, listed under a fictional program. */
function sandboxCandidate(subject: WatchlistSubject): WatchlistCandidate | undefined {
  const found = WORD.exec(subject.name);
  if (!found) return undefined;
  const listedName = subject.name.toUpperCase();
  const person = subject.kind === 'person';
  const tokens = subject.name.split(/\s+/).filter(Boolean);
  return {
    list: SANDBOX_WATCHLIST.list,
    listVersion: SANDBOX_WATCHLIST.version,
    entryId: `SBX-${person ? 'P' : 'E'}-${listedName.replace(/[^A-Z0-9]+/g, '-').replace(/^-|-$/g, '')}`,
    entryName: listedName,
    entryType: person ? 'individual' : 'entity',
    programs: ['SANDBOX'],
    matchedName: listedName,
    alias: null,
    score: 1,
    matchedTokens: tokens.map((token) => ({ query: token.toLowerCase(), candidate: token.toUpperCase(), similarity: 1, how: 'exact' })),
    evidence: { dateOfBirth: 'unknown', country: 'unknown' },
    reason: `'${subject.name}' is on the sandbox's list because its name has the word '${found[2]}' (the sandbox's sanctions trigger); every word matched exactly.`,
  };
}

/** The sandbox matcher: `loaded` (the engine over the loaded lists), and the sandbox list's hit for the trigger word, best first. */
export function createSandboxWatchlistMatcher(loaded: WatchlistMatcher): WatchlistMatcher {
  return {
    name: 'sandbox',
    async screen(subjects, options) {
      const answer = await loaded.screen(subjects, options);
      return {
        lists: [...answer.lists, SANDBOX_WATCHLIST],
        results: answer.results.map(({ subject, candidates }) => {
          const listed = sandboxCandidate(subject);
          return { subject, candidates: listed ? [listed, ...candidates] : candidates };
        }),
      };
    },
  };
}
