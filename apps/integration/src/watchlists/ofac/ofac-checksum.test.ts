import { checksumOfFiles } from './ofac-checksum';
import { fixture } from './ofac-fixtures';

const files = () => ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'].map((name) => ({ name, content: fixture(name) }));

describe('checksumOfFiles', () => {
  it('is the same for the same files, whatever their order, case or path', () => {
    const given = files();
    const checksum = checksumOfFiles(given);
    expect(checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(checksumOfFiles([...given].reverse())).toBe(checksum);
    expect(checksumOfFiles(given.map((f) => ({ name: `/uploads/${f.name.toUpperCase()}`, content: Buffer.from(f.content) })))).toBe(checksum);
  });

  it('changes when a byte changes, a file is left out, or a byte moves from one file to the next', () => {
    const given = files();
    const checksum = checksumOfFiles(given);
    const changed = given.map((f, i) => (i === 1 ? { ...f, content: Buffer.concat([f.content.subarray(0, 10), Buffer.from('X'), f.content.subarray(11)]) } : f));
    expect(checksumOfFiles(changed)).not.toBe(checksum);
    expect(checksumOfFiles(given.slice(0, 3))).not.toBe(checksum);
    const a = [{ name: 'add.csv', content: Buffer.from('ab') }, { name: 'alt.csv', content: Buffer.from('c') }];
    const b = [{ name: 'add.csv', content: Buffer.from('a') }, { name: 'alt.csv', content: Buffer.from('bc') }];
    expect(checksumOfFiles(a)).not.toBe(checksumOfFiles(b));
  });
});
