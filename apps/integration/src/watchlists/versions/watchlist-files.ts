import type { WatchlistName } from '../watchlist-entry';

/** The official layouts a list version is read from: OFAC's CSV files, or its advanced XML. */
export type WatchlistLayout = 'csv' | 'advanced-xml';

/** A file of a list version as it was given: its official name and its bytes. */
export interface WatchlistFile {
  name: string;
  content: Buffer;
}

/** The files of a list version do not make one of its official layouts. */
export class WatchlistFilesError extends Error {
  override readonly name = 'WatchlistFilesError';
}

/** The official file names of each list, per layout: the primary file first, the others optional. */
export const OFFICIAL_FILES: Readonly<Record<WatchlistName, Readonly<Record<WatchlistLayout, readonly string[]>>>> = {
  'ofac-sdn': { csv: ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'], 'advanced-xml': ['sdn_advanced.xml'] },
  'ofac-consolidated': { csv: ['cons_prim.csv', 'cons_add.csv', 'cons_alt.csv', 'cons_comments.csv'], 'advanced-xml': ['cons_advanced.xml'] },
};

/** The bare file name, lower-cased (`/tmp/SDN.CSV` and `sdn.csv` are one file). */
export const officialNameOf = (name: string): string => (name.split(/[\\/]/).pop() ?? name).toLowerCase();

/**
 * The layout the files make for `list`, or a {@link WatchlistFilesError} saying what is wrong: a
 * name that is not one of the list's files, a file given twice, two layouts mixed, an empty file,
 * or the primary file missing.
 */
export function layoutOf(list: WatchlistName, files: readonly WatchlistFile[]): WatchlistLayout {
  if (files.length === 0) throw new WatchlistFilesError(`No file was given: ${list} is loaded from ${describe(list)}.`);
  const names = files.map((f) => officialNameOf(f.name));
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new WatchlistFilesError(`${twice} was given twice.`);
  const layouts = (Object.keys(OFFICIAL_FILES[list]) as WatchlistLayout[]).filter((layout) => names.some((name) => OFFICIAL_FILES[list][layout].includes(name)));
  const unknown = names.find((name) => !layouts.some((layout) => OFFICIAL_FILES[list][layout].includes(name)));
  if (unknown) throw new WatchlistFilesError(`${unknown} is not a file of ${list}: it is loaded from ${describe(list)}.`);
  if (layouts.length > 1) throw new WatchlistFilesError(`The CSV files and the advanced XML of ${list} are two layouts of one list: give one of them.`);
  const layout = layouts[0];
  const primary = OFFICIAL_FILES[list][layout][0];
  if (!names.includes(primary)) throw new WatchlistFilesError(`${primary}, the primary file of ${list}, is missing.`);
  const empty = files.find((f) => f.content.length === 0);
  if (empty) throw new WatchlistFilesError(`${officialNameOf(empty.name)} is empty.`);
  return layout;
}

function describe(list: WatchlistName): string {
  const { csv, 'advanced-xml': xml } = OFFICIAL_FILES[list];
  return `${csv.join(', ')} (only the first is required), or ${xml.join(', ')}`;
}
