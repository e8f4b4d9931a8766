import { WATCHLISTS, type WatchlistName } from '../watchlist-entry';

/** What `npm run watchlist:load` was asked: the list and its files (paths or http(s) URLs). */
export interface WatchlistLoadArgs {
  list: WatchlistName;
  sources: string[];
}

/** The command line's usage, printed with every mistake. */
export const WATCHLIST_LOAD_USAGE =
  'usage: npm run watchlist:load -- --list <ofac-sdn|ofac-consolidated> <file or URL> [<file or URL> ...]\n' +
  '  e.g. npm run watchlist:load -- --list ofac-sdn sdn.csv add.csv alt.csv sdn_comments.csv\n' +
  '       npm run watchlist:load -- --list ofac-sdn https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN_ADVANCED.XML';

/** The arguments are not a load: the message says which. */
export class WatchlistLoadArgsError extends Error {
  override readonly name = 'WatchlistLoadArgsError';
}

/** Reads `--list <name>` (or `--list=<name>`) and the sources after it, in any order. */
export function parseWatchlistLoadArgs(argv: readonly string[]): WatchlistLoadArgs {
  let list: string | undefined;
  const sources: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--list') {
      list = argv[i + 1];
      i += 1;
    } else if (arg.startsWith('--list=')) list = arg.slice('--list='.length);
    else if (arg.startsWith('--')) throw new WatchlistLoadArgsError(`unknown option ${arg}`);
    else sources.push(arg);
  }
  if (!list) throw new WatchlistLoadArgsError('--list is required');
  if (!(WATCHLISTS as readonly string[]).includes(list)) throw new WatchlistLoadArgsError(`--list must be one of ${WATCHLISTS.join(', ')}, got ${JSON.stringify(list)}`);
  if (sources.length === 0) throw new WatchlistLoadArgsError('no file or URL was given');
  return { list: list as WatchlistName, sources };
}

/** Whether a source is a URL to download rather than a path. */
export const isUrl = (source: string): boolean => /^https?:\/\//i.test(source);
