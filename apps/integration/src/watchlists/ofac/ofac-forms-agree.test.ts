import type { WatchlistEntry } from '../watchlist-entry';
import { consolidatedCsvFiles, fixture, sdnCsvFiles } from './ofac-fixtures';
import { readOfacAdvancedXml } from './read-ofac-advanced-xml';
import { readOfacCsvList } from './read-ofac-csv';

/*
 * The CSV files and the advanced XML of one list carry the same entries. Left out of the
 * comparison: ids of aliases and addresses (not in OFAC's docs that the two layouts share them),
 * names in non-Latin scripts (only the XML has them), remarks (only the CSV prints them), and the
 * address's city/state/postal code, one column in the CSV.
 */
const sorted = <T>(values: T[]): T[] => [...values].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

function shared(entry: WatchlistEntry) {
  return {
    uid: entry.uid,
    name: entry.name,
    type: entry.type,
    programs: entry.programs,
    aliases: sorted(entry.aliases.filter((a) => !a.script).map((a) => ({ kind: a.kind, strength: a.strength, name: a.name }))),
    addresses: entry.addresses.map((a) => ({ street: a.street, country: a.country })),
    datesOfBirth: entry.datesOfBirth,
    nationalities: entry.nationalities,
    identifiers: sorted(entry.identifiers),
    title: entry.title,
    vessel: entry.vessel,
  };
}

describe.each([
  ['ofac-sdn' as const, sdnCsvFiles, 'SDN_ADVANCED.XML', 22],
  ['ofac-consolidated' as const, consolidatedCsvFiles, 'CONS_ADVANCED.XML', 8],
])('the two layouts of %s', (list, csvFiles, xmlFile, count) => {
  it('give the same entries where both carry the data', async () => {
    const csv = await readOfacCsvList(csvFiles(), { list });
    const xml = await readOfacAdvancedXml(fixture(xmlFile));
    expect(csv.entries).toHaveLength(count);
    expect(xml.entries.map(shared)).toEqual(csv.entries.map(shared));
  });

  it('print the parts of the CSV address column separately in the XML', async () => {
    const csv = await readOfacCsvList(csvFiles(), { list });
    const xml = await readOfacAdvancedXml(fixture(xmlFile));
    const xmlAddresses = xml.entries.flatMap((e) => e.addresses);
    const csvAddresses = csv.entries.flatMap((e) => e.addresses);
    expect(xmlAddresses.length).toBe(csvAddresses.length);
    xmlAddresses.forEach((address, i) => {
      for (const part of [address.city, address.stateOrProvince, address.postalCode]) if (part) expect(csvAddresses[i].city).toContain(part);
    });
  });
});
