/*
 * OFAC's CSV layout read into entries: the primary file (sdn.csv / cons_prim.csv) with the
 * addresses (add.csv / cons_add.csv), alternate names (alt.csv / cons_alt.csv) and remarks
 * spill-over (sdn_comments.csv / cons_comments.csv) joined to it by ent_num.
 * Sources:
 * - SDN data specification, https://ofac.treasury.gov/system/files/126/dat_spec.txt (columns:
 *   sdn = ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT,
 *   Vess_flag, Vess_owner, Remarks; add = Ent_num, Add_num, Address, City/State/Province/Postal
 *   Code, Country, Add_remarks; alt = ent_num, alt_num, alt_type (aka, fka, nka), alt_name,
 *   alt_remarks), and the same for the Consolidated list,
 *   https://www.treasury.gov/ofac/downloads/consolidated/cons_dat_spec.txt.
 * - OFAC's notice on the spill-over files (August 2013, after the announcement of 13 June 2012,
 *   https://ofac.treasury.gov/recent-actions/20120613): remarks past the 1000-character limit
 *   are cut, and the rest is published in sdn_comments.csv as ent_num and the continuation.
 * - OFAC FAQ 123, https://ofac.treasury.gov/faqs/123: weak AKAs are in the Remarks.
 * // not in OFAC's docs: the CSV files carry no publish date (none of their columns is one).
 */
import type { WatchlistAddress, WatchlistAlias, WatchlistEntry, WatchlistEntryType, WatchlistName } from '../watchlist-entry';
import { MalformedWatchlistFileError } from '../watchlist-entry';
import { bytesOf, csvRowsOf, entNumOf, type OfacCsvRow, type OfacFileContent } from './ofac-csv-rows';
import { factsOfRemarks } from './ofac-remarks';

/** The files of one list in the CSV layout; only the primary file is required. */
export interface OfacCsvFiles {
  primary: OfacFileContent;
  addresses?: OfacFileContent;
  aliases?: OfacFileContent;
  comments?: OfacFileContent;
}

/** What a reader answers: the entries, the list's publish date where the files carry one, and the records read. */
export interface OfacListRead {
  entries: WatchlistEntry[];
  publishedAt: Date | null;
  rows: number;
}

/** The official names of each list's CSV files, as errors name them. */
export const OFAC_CSV_NAMES: Readonly<Record<WatchlistName, Readonly<Record<keyof OfacCsvFiles, string>>>> = {
  'ofac-sdn': { primary: 'sdn.csv', addresses: 'add.csv', aliases: 'alt.csv', comments: 'sdn_comments.csv' },
  'ofac-consolidated': { primary: 'cons_prim.csv', addresses: 'cons_add.csv', aliases: 'cons_alt.csv', comments: 'cons_comments.csv' },
};

// not in OFAC's docs: the words of SDN_Type; the published files print these, and -0- for an entity.
const SDN_TYPES: Readonly<Record<string, WatchlistEntryType>> = { individual: 'individual', vessel: 'vessel', aircraft: 'aircraft' };
const ALT_TYPES: Readonly<Record<string, WatchlistAlias['kind']>> = { aka: 'aka', fka: 'fka', nka: 'nka' };

/** `SDGT] [IFSR`: several programs are printed with the outer brackets dropped. */
// not in OFAC's docs: the separator of several programs (as cons_prim.csv and sdn.csv print it).
const programsOf = (program: string | null): string[] =>
  program === null ? [] : program.split(/\]\s*\[/).map((p) => p.replace(/^\[|\]$/g, '').trim()).filter((p) => p.length > 0);

function entryOf(file: string, row: OfacCsvRow): WatchlistEntry {
  const [, name, sdnType, program, title, callSign, vesselType, tonnage, grt, flag, owner, remarks] = row.fields;
  const uid = entNumOf(file, row);
  if (name === null) throw new MalformedWatchlistFileError(file, row.line, `entry ${uid} has no SDN_Name`);
  const type = sdnType === null ? 'entity' : SDN_TYPES[sdnType.toLowerCase()];
  if (!type) throw new MalformedWatchlistFileError(file, row.line, `SDN_Type ${JSON.stringify(sdnType)} is not individual, vessel, aircraft or -0- (entity)`);
  const vessel = type === 'vessel' ? { callSign, vesselType, tonnage, grossRegisteredTonnage: grt, flag, owner } : null;
  return { uid, name, type, programs: programsOf(program), aliases: [], addresses: [], datesOfBirth: [], nationalities: [], identifiers: [], remarks, title, vessel };
}

function owner(file: string, row: OfacCsvRow, byUid: Map<string, WatchlistEntry>): WatchlistEntry {
  const uid = entNumOf(file, row);
  const entry = byUid.get(uid);
  if (!entry) throw new MalformedWatchlistFileError(file, row.line, `ent_num ${uid} is not an entry of the primary file`);
  return entry;
}

function idOf(file: string, row: OfacCsvRow, column: string): string {
  const id = row.fields[1];
  if (id === null || !/^\d+$/.test(id)) throw new MalformedWatchlistFileError(file, row.line, `${column} ${JSON.stringify(id ?? '-0-')} is not a number`);
  return id;
}

function addAddress(file: string, row: OfacCsvRow, entry: WatchlistEntry): void {
  const [, , street, cityStateProvincePostal, country] = row.fields;
  // The specification gives city, state/province and postal code as one column: it is kept whole as the city.
  const address: WatchlistAddress = { id: idOf(file, row, 'Add_num'), street, city: cityStateProvincePostal, stateOrProvince: null, postalCode: null, country };
  entry.addresses.push(address);
}

function addAlias(file: string, row: OfacCsvRow, entry: WatchlistEntry): void {
  const [, , altType, altName] = row.fields;
  const kind = altType === null ? undefined : ALT_TYPES[altType.toLowerCase()];
  if (!kind) throw new MalformedWatchlistFileError(file, row.line, `alt_type ${JSON.stringify(altType)} is not aka, fka or nka`);
  if (altName === null) throw new MalformedWatchlistFileError(file, row.line, `alias ${row.fields[1]} has no alt_name`);
  entry.aliases.push({ id: idOf(file, row, 'alt_num'), kind, strength: 'strong', name: altName });
}

/** Reads a list's CSV files into entries; throws {@link MalformedWatchlistFileError} with the file, line and reason. */
export async function readOfacCsvList(files: OfacCsvFiles, options: { list: WatchlistName }): Promise<OfacListRead> {
  const names = OFAC_CSV_NAMES[options.list];
  const primaryRows = csvRowsOf(names.primary, await bytesOf(files.primary), 12);
  const byUid = new Map<string, WatchlistEntry>();
  for (const row of primaryRows) {
    const entry = entryOf(names.primary, row);
    if (byUid.has(entry.uid)) throw new MalformedWatchlistFileError(names.primary, row.line, `ent_num ${entry.uid} is listed twice`);
    byUid.set(entry.uid, entry);
  }
  let rows = primaryRows.length;
  const joined: Array<[keyof OfacCsvFiles, number, (file: string, row: OfacCsvRow, entry: WatchlistEntry) => void]> = [
    ['addresses', 6, addAddress],
    ['aliases', 5, addAlias],
    ['comments', 2, (_file, row, entry) => (entry.remarks = `${entry.remarks ?? ''}${row.fields[1] ?? ''}`)],
  ];
  for (const [key, fieldCount, join] of joined) {
    const content = files[key];
    if (!content) continue;
    const file = names[key];
    const fileRows = csvRowsOf(file, await bytesOf(content), fieldCount);
    for (const row of fileRows) join(file, row, owner(file, row, byUid));
    rows += fileRows.length;
  }
  const entries = [...byUid.values()];
  for (const entry of entries) {
    const facts = factsOfRemarks(entry.remarks);
    entry.aliases.push(...facts.weakAliases);
    entry.datesOfBirth = facts.datesOfBirth;
    entry.nationalities = facts.nationalities;
    entry.identifiers = facts.identifiers;
  }
  return { entries, publishedAt: null, rows };
}
