import { fixture } from './ofac-fixtures';
import { OFAC_READERS } from './ofac-readers';

describe('OFAC_READERS, as the version loader calls them', () => {
  it('read a CSV version from its files by official name, in any case and with a path, and tell progress', async () => {
    const files = ['SDN.CSV', 'add.csv', 'uploads/alt.csv', 'sdn_comments.csv'].map((name) => ({ name, content: fixture(name.split('/').pop()!.toLowerCase()) }));
    const progress: number[] = [];
    const read = await OFAC_READERS.csv('ofac-sdn', files, (n) => progress.push(n));
    expect(read.entries).toHaveLength(22);
    expect(read.entries.find((e) => e.uid === '90001')?.aliases).toHaveLength(3);
    expect(read.publishedAt).toBeNull();
    expect(progress).toEqual([22]);
  });

  it('read an advanced XML version and its publish date', async () => {
    const read = await OFAC_READERS['advanced-xml']('ofac-consolidated', [{ name: 'cons_advanced.xml', content: fixture('CONS_ADVANCED.XML') }], () => undefined);
    expect(read.entries).toHaveLength(8);
    expect(read.publishedAt).toEqual(new Date('2026-12-03T00:00:00Z'));
  });
});
