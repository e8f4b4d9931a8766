import { layoutOf, officialNameOf, WatchlistFilesError } from './watchlist-files';

const file = (name: string, content = 'x') => ({ name, content: Buffer.from(content) });

describe('the files of a watchlist version', () => {
  it('make the CSV layout from the primary file and any of the others, whatever their case or folder', () => {
    expect(layoutOf('ofac-sdn', [file('/tmp/SDN.CSV')])).toBe('csv');
    expect(layoutOf('ofac-sdn', [file('sdn.csv'), file('add.csv'), file('alt.csv'), file('sdn_comments.csv')])).toBe('csv');
    expect(layoutOf('ofac-consolidated', [file('cons_alt.csv'), file('cons_prim.csv')])).toBe('csv');
    expect(officialNameOf('C:\\lists\\SDN_ADVANCED.XML')).toBe('sdn_advanced.xml');
  });

  it('make the advanced XML layout from its one file', () => {
    expect(layoutOf('ofac-sdn', [file('SDN_ADVANCED.XML')])).toBe('advanced-xml');
    expect(layoutOf('ofac-consolidated', [file('CONS_ADVANCED.XML')])).toBe('advanced-xml');
  });

  it.each([
    ['ofac-sdn', [], 'No file was given: ofac-sdn is loaded from sdn.csv, add.csv, alt.csv, sdn_comments.csv (only the first is required), or sdn_advanced.xml.'],
    ['ofac-sdn', [file('add.csv')], 'sdn.csv, the primary file of ofac-sdn, is missing.'],
    ['ofac-sdn', [file('sdn.csv'), file('SDN.csv')], 'sdn.csv was given twice.'],
    ['ofac-sdn', [file('cons_prim.csv')], 'cons_prim.csv is not a file of ofac-sdn: it is loaded from sdn.csv, add.csv, alt.csv, sdn_comments.csv (only the first is required), or sdn_advanced.xml.'],
    ['ofac-sdn', [file('sdn.csv'), file('sdn_advanced.xml')], 'The CSV files and the advanced XML of ofac-sdn are two layouts of one list: give one of them.'],
    ['ofac-consolidated', [file('cons_prim.csv'), file('cons_add.csv', '')], 'cons_add.csv is empty.'],
  ] as const)('refuse %s from %j: %s', (list, files, message) => {
    expect(() => layoutOf(list, files)).toThrow(new WatchlistFilesError(message));
  });
});
