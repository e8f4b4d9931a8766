// eslint-disable-next-line @nx/enforce-module-boundaries -- the suite's own reader, to show the bench's files are what the suite loads
import { readOfacCsvList } from '../../apps/integration/src/watchlists/ofac/read-ofac-csv';
// eslint-disable-next-line @nx/enforce-module-boundaries -- types only
import type { WatchlistEntry } from '../../apps/integration/src/watchlists/watchlist-entry';
import { ofacCsvFiles } from './ofac-csv-writer';
import { syntheticListVersions } from './synthetic-watchlist-update';

/** What a list's files carry of an entry, without the ids the CSV layout numbers itself. */
const comparable = (entry: WatchlistEntry) => ({
  uid: entry.uid,
  name: entry.name,
  type: entry.type,
  programs: entry.programs,
  aliases: entry.aliases.map((alias) => ({ kind: alias.kind, strength: alias.strength, name: alias.name })).sort((a, b) => a.name.localeCompare(b.name)),
  countries: entry.addresses.map((address) => address.country),
  datesOfBirth: entry.datesOfBirth,
  nationalities: entry.nationalities,
});

async function readBack(list: 'ofac-sdn' | 'ofac-consolidated', entries: readonly WatchlistEntry[]) {
  const [primary, addresses, aliases] = ofacCsvFiles(list, entries).map((file) => file.content);
  return readOfacCsvList({ primary, addresses, aliases }, { list });
}

describe('the synthetic lists in OFAC CSV layout', () => {
  const versions = syntheticListVersions({ seed: 7, entries: 1000 });

  it('are read by the suite back into the entries they were written from, every alias, date of birth and nationality', async () => {
    for (const [list, synthetic] of [['ofac-sdn', versions.first[0]], ['ofac-consolidated', versions.first[1]]] as const) {
      const read = await readBack(list, synthetic.entries);
      expect(read.entries.map(comparable)).toEqual(synthetic.entries.map(comparable));
    }
    // The sample holds what the layout must carry: weak aliases in the remarks, dates in each form, non-Latin names, several programs kept apart.
    const all = versions.first.flatMap((list) => list.entries);
    expect(all.some((entry) => entry.aliases.some((alias) => alias.strength === 'weak'))).toBe(true);
    expect(all.some((entry) => entry.datesOfBirth.some((date) => date.includes(' to ')))).toBe(true);
    expect(all.some((entry) => entry.aliases.some((alias) => /[\u0400-\u04ff]/.test(alias.name)))).toBe(true);
  });

  it('print ids bare, text quoted, nothing as -0-, CR LF records and the closing SUB', () => {
    const [primary] = ofacCsvFiles('ofac-sdn', versions.first[0].entries.slice(0, 2));
    const text = primary.content.toString('utf8');
    expect(text.endsWith('\r\n\x1a')).toBe(true);
    expect(text.split('\r\n')[0]).toMatch(/^\d+,"[^"]+",(-0- |"individual"|"vessel"|"aircraft"),"[^"]+",-0- ,/);
  });

  it('update the SDN list: 1% added, 0.5% changed, 0.5% removed, the Consolidated list alone', () => {
    const first = versions.first[0].entries;
    const update = versions.update.entries;
    const firstUids = new Set(first.map((entry) => entry.uid));
    expect(update.filter((entry) => !firstUids.has(entry.uid)).map((entry) => entry.uid)).toEqual(versions.added);
    expect(versions.removed.every((uid) => firstUids.has(uid) && !update.some((entry) => entry.uid === uid))).toBe(true);
    const changed = update.filter((entry) => versions.changed.includes(entry.uid));
    expect(changed.map((entry) => entry.aliases.length)).toEqual(versions.changed.map((uid) => (first.find((entry) => entry.uid === uid)?.aliases.length ?? 0) + 1));
    expect([versions.added.length, versions.changed.length, versions.removed.length]).toEqual([10, 5, 5]);
    expect(versions.everyEntry[1]).toBe(versions.first[1]);
  });
});
