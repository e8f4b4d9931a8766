/*
 * The OFAC fixtures (fictional entries in the official layouts) as the index is given them: the
 * SDN list read from SDN_ADVANCED.XML (it carries the non-Latin names) and the Consolidated list
 * from its CSV files, so both readers feed the matcher. Test support only.
 */
import { fixture } from '../../ofac/ofac-fixtures';
import { OFAC_READERS } from '../../ofac/ofac-readers';
import type { IndexedList } from '../listed-names';

/** The SDN and Consolidated fixture lists, versions `sdn-fixture` and `cons-fixture`. */
export async function fixtureLists(): Promise<IndexedList[]> {
  const sdn = await OFAC_READERS['advanced-xml']('ofac-sdn', [{ name: 'SDN_ADVANCED.XML', content: fixture('SDN_ADVANCED.XML') }], () => undefined);
  const consolidatedFiles = ['cons_prim.csv', 'cons_add.csv', 'cons_alt.csv', 'cons_comments.csv'].map((name) => ({ name, content: fixture(name) }));
  const consolidated = await OFAC_READERS.csv('ofac-consolidated', consolidatedFiles, () => undefined);
  return [
    { list: 'ofac-sdn', version: 'sdn-fixture', publishedAt: sdn.publishedAt?.toISOString() ?? null, entries: sdn.entries },
    { list: 'ofac-consolidated', version: 'cons-fixture', publishedAt: consolidated.publishedAt?.toISOString() ?? null, entries: consolidated.entries },
  ];
}
