import type { WatchlistEntry, WatchlistName } from '../watchlist-entry';
import { MalformedWatchlistFileError } from '../watchlist-entry';
import { layoutOf, officialNameOf, type WatchlistFile } from './watchlist-files';
import type { WatchlistLayout, WatchlistVersionRow, WatchlistVersionsStore } from './watchlist-versions.store';

/** What a layout's reader answers for a version's files. */
export interface ReadWatchlist {
  entries: WatchlistEntry[];
  publishedAt: Date | null;
}

/** Reads the files of one layout; tells how many entries it has read so far; throws {@link MalformedWatchlistFileError}. */
export type WatchlistReader = (list: WatchlistName, files: readonly WatchlistFile[], onProgress: (entriesRead: number) => void) => Promise<ReadWatchlist>;

/** What loading a version is built from. */
export interface WatchlistLoaderDeps {
  store: WatchlistVersionsStore;
  readers: Readonly<Record<WatchlistLayout, WatchlistReader>>;
  /** The checksum of a version's files (the same files, the same checksum, whatever their order). */
  checksum(files: readonly WatchlistFile[]): string;
  clock: () => Date;
}

/** The outcome of a load: the version, and whether these files made it now (false: the same files were loaded before). */
export interface LoadedWatchlist {
  version: WatchlistVersionRow;
  loaded: boolean;
}

/** Progress is written at most this often (entries read), so a big file's load is not a write per entry. */
const PROGRESS_EVERY = 1000;

/**
 * Starts a version of `list` from its files, or finds the version the same files made: checks the
 * file set (a {@link WatchlistFilesError} before anything is stored) and answers the version,
 * LOADING when it is new. `read` then reads it.
 */
export function createWatchlistLoader(deps: WatchlistLoaderDeps) {
  async function start(list: WatchlistName, files: readonly WatchlistFile[], loadedBy: string | null): Promise<LoadedWatchlist> {
    const layout = layoutOf(list, files);
    const checksum = deps.checksum(files);
    const known = await deps.store.withChecksum(list, checksum);
    if (known) return { version: known, loaded: false };
    const described = files.map((f) => ({ name: officialNameOf(f.name), bytes: f.content.length }));
    const started = await deps.store.start({ list, checksum, layout, files: described, loadedBy, at: deps.clock() });
    // Another load of the same files started it between the two statements.
    if (!started) return { version: (await deps.store.withChecksum(list, checksum)) as WatchlistVersionRow, loaded: false };
    return { version: started, loaded: true };
  }

  /**
   * Reads a LOADING version's files and makes it current, or ends it FAILED with the file, line
   * and reason of a malformed file (the current version stays). Answers the version as it ended.
   */
  async function read(version: WatchlistVersionRow, files: readonly WatchlistFile[]): Promise<WatchlistVersionRow> {
    let reported = 0;
    const writes: Array<Promise<void>> = [];
    const onProgress = (entriesRead: number) => {
      if (entriesRead - reported < PROGRESS_EVERY) return;
      reported = entriesRead;
      writes.push(deps.store.progress(version.id, entriesRead));
    };
    let read: ReadWatchlist;
    try {
      read = await deps.readers[version.layout](version.list, files, onProgress);
      await Promise.all(writes);
    } catch (err) {
      await Promise.allSettled(writes);
      if (!(err instanceof MalformedWatchlistFileError)) throw err;
      return (await deps.store.fail(version.id, `The list was not loaded: ${err.message}`, deps.clock())) ?? version;
    }
    return deps.store.complete(version.id, read.entries, read.publishedAt, deps.clock());
  }

  return {
    start,
    read,
    /** Starts and reads in one go (the command line's load). */
    async load(list: WatchlistName, files: readonly WatchlistFile[], loadedBy: string | null): Promise<LoadedWatchlist> {
      const started = await start(list, files, loadedBy);
      if (!started.loaded) return started;
      return { version: await read(started.version, files), loaded: true };
    },
  };
}

/** The loader type, for injection. */
export type WatchlistLoader = ReturnType<typeof createWatchlistLoader>;
