/*
 * Entries written as OFAC publishes a list in its CSV layout (the files the suite loads, see
 * apps/integration/src/watchlists/ofac/read-ofac-csv.ts for the columns and their sources): the
 * primary file, addresses, alternate names, and no spill-over comments (every remark here is short).
 * Strong aliases go to the alternate names file; weak ones, dates of birth and nationalities are
 * printed in the Remarks column, as OFAC prints them there. Records end with CR LF, a null is
 * `-0- `, the file ends with one SUB character, as the published files do.
 */
// eslint-disable-next-line @nx/enforce-module-boundaries -- types only, erased at build
import type { WatchlistEntry } from '../../apps/integration/src/watchlists/watchlist-entry';

/** One file of an upload: OFAC's file name and its bytes. */
export interface OfacCsvFile {
  name: string;
  content: Buffer;
}

const FILE_NAMES = {
  'ofac-sdn': { primary: 'sdn.csv', addresses: 'add.csv', aliases: 'alt.csv' },
  'ofac-consolidated': { primary: 'cons_prim.csv', addresses: 'cons_add.csv', aliases: 'cons_alt.csv' },
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A number is printed bare (as ent_num and the other ids are), text in double quotes, nothing as `-0- `. */
const field = (value: number | string | null | undefined): string =>
  typeof value === 'number' ? String(value) : value === null || value === undefined || value === '' ? '-0- ' : `"${value.replace(/"/g, '""')}"`;
const record = (fields: Array<number | string | null | undefined>): string => fields.map(field).join(',');

/** A date as the remarks print it: `14 Mar 1968`, `Mar 1968`, `1968`, `1966 to 1968`. */
function remarkDate(date: string): string {
  return date
    .split(' to ')
    .map((one) => {
      const [year, month, day] = one.split('-');
      return [day ? String(Number(day)) : null, month ? MONTHS[Number(month) - 1] : null, year].filter(Boolean).join(' ');
    })
    .join(' to ');
}

function remarksOf(entry: WatchlistEntry): string | null {
  const items = [
    ...entry.datesOfBirth.map((date, i) => `${i > 0 ? 'alt. ' : ''}DOB ${remarkDate(date)}`),
    ...entry.nationalities.map((country, i) => `${i > 0 ? 'alt. ' : ''}nationality ${country}`),
    ...entry.aliases.filter((alias) => alias.strength === 'weak').map((alias) => `${alias.kind.charAt(0)}.k.a. '${alias.name}'`),
  ];
  return items.length > 0 ? `${items.join('; ')}.` : entry.remarks;
}

const fileOf = (name: string, records: string[]): OfacCsvFile => ({ name, content: Buffer.from(`${records.map((line) => `${line}\r\n`).join('')}\x1a`, 'utf8') });

/** The list's CSV files for `entries` (ent_num is the entry's uid, a number). */
export function ofacCsvFiles(list: keyof typeof FILE_NAMES, entries: readonly WatchlistEntry[]): OfacCsvFile[] {
  const names = FILE_NAMES[list];
  const primary: string[] = [];
  const addresses: string[] = [];
  const aliases: string[] = [];
  let addressNumber = 1;
  let aliasNumber = 1;
  for (const entry of entries) {
    const type = entry.type === 'entity' ? null : entry.type;
    primary.push(record([Number(entry.uid), entry.name, type, entry.programs.join('] ['), entry.title, null, null, null, null, null, null, remarksOf(entry)]));
    for (const address of entry.addresses) {
      addresses.push(record([Number(entry.uid), addressNumber++, address.street, address.city, address.country, null]));
    }
    for (const alias of entry.aliases.filter((a) => a.strength === 'strong')) {
      aliases.push(record([Number(entry.uid), aliasNumber++, alias.kind, alias.name, null]));
    }
  }
  return [fileOf(names.primary, primary), fileOf(names.addresses, addresses), fileOf(names.aliases, aliases)];
}
