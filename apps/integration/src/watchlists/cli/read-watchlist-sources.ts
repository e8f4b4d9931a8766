import { readFile } from 'node:fs/promises';
import type { WatchlistFile } from '../versions/watchlist-files';
import { isUrl } from './watchlist-load-args';

/** A file or URL could not be read: the message names it and says why. */
export class WatchlistSourceError extends Error {
  override readonly name = 'WatchlistSourceError';
}

/** The file name a URL's path ends with (`.../exports/SDN.CSV` is `SDN.CSV`). */
function nameOfUrl(source: string): string {
  const path = new URL(source).pathname;
  return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
}

/**
 * Reads each source: a path from the disk, an http(s) URL downloaded (OFAC publishes its files at
 * stable URLs), each named by its last path segment, which the loader matches to the list's files.
 */
export async function readWatchlistSources(sources: readonly string[], fetchUrl: typeof fetch = fetch): Promise<WatchlistFile[]> {
  return Promise.all(
    sources.map(async (source) => {
      if (!isUrl(source)) {
        const content = await readFile(source).catch((err: NodeJS.ErrnoException) => {
          throw new WatchlistSourceError(`${source} could not be read (${err.code ?? err.message})`);
        });
        return { name: source, content };
      }
      const response = await fetchUrl(source, { redirect: 'follow' }).catch((err: Error) => {
        throw new WatchlistSourceError(`${source} could not be downloaded (${err.message})`);
      });
      if (!response.ok) throw new WatchlistSourceError(`${source} answered ${response.status} ${response.statusText}`.trim());
      return { name: nameOfUrl(source), content: Buffer.from(await response.arrayBuffer()) };
    }),
  );
}
