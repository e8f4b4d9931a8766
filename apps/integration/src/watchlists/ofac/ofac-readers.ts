/*
 * OFAC's layouts as the version loader calls them: the files of a version (official names, any
 * case, paths allowed) to entries, the publish date and progress. The loader has checked the file
 * set (one layout, the primary file present) before it calls these.
 */
import type { WatchlistName } from '../watchlist-entry';
import type { NamedFile } from './ofac-checksum';
import { OFAC_CSV_NAMES, readOfacCsvList, type OfacCsvFiles } from './read-ofac-csv';
import { readOfacAdvancedXml } from './read-ofac-advanced-xml';

/** What the loader gets back from a reader. */
export interface OfacReaderResult {
  entries: Awaited<ReturnType<typeof readOfacCsvList>>['entries'];
  publishedAt: Date | null;
}

const bareName = (name: string): string => (name.split(/[\\/]/).pop() ?? name).toLowerCase();

/** Reads a version given in the CSV layout (progress is told once, when every file is joined). */
export async function readOfacCsvFiles(list: WatchlistName, files: readonly NamedFile[], onProgress: (entriesRead: number) => void): Promise<OfacReaderResult> {
  const byName = new Map(files.map((f) => [bareName(f.name), f.content]));
  const names = OFAC_CSV_NAMES[list];
  const given: OfacCsvFiles = { primary: byName.get(names.primary) ?? Buffer.alloc(0) };
  for (const key of ['addresses', 'aliases', 'comments'] as const) {
    const content = byName.get(names[key]);
    if (content) given[key] = content;
  }
  const read = await readOfacCsvList(given, { list });
  onProgress(read.entries.length);
  return { entries: read.entries, publishedAt: read.publishedAt };
}

/** Reads a version given as the advanced XML (its one file), telling progress per entry. */
export async function readOfacAdvancedXmlFiles(_list: WatchlistName, files: readonly NamedFile[], onProgress: (entriesRead: number) => void): Promise<OfacReaderResult> {
  const [file] = files;
  const read = await readOfacAdvancedXml(file?.content ?? Buffer.alloc(0), { file: bareName(file?.name ?? 'sdn_advanced.xml'), onProgress });
  return { entries: read.entries, publishedAt: read.publishedAt };
}

/** The readers per layout, as the loader's `readers` option takes them. */
export const OFAC_READERS = { csv: readOfacCsvFiles, 'advanced-xml': readOfacAdvancedXmlFiles } as const;
