import { MalformedWatchlistFileError } from '../watchlist-entry';
import { fixture, linesOf, csvOf, sdnCsvFiles, withLine } from './ofac-fixtures';
import { readOfacCsvList, type OfacCsvFiles } from './read-ofac-csv';

async function failureOf(files: OfacCsvFiles): Promise<{ file: string; line: number; reason: string }> {
  const error = await readOfacCsvList(files, { list: 'ofac-sdn' }).then(
    () => null,
    (err: unknown) => err,
  );
  if (!(error instanceof MalformedWatchlistFileError)) throw new Error(`expected a MalformedWatchlistFileError, got ${String(error)}`);
  return { file: error.file, line: error.line, reason: error.reason };
}

const sdn = fixture('sdn.csv');
const alt = fixture('alt.csv');

describe('readOfacCsvList refuses a malformed file with the file, the line and the reason', () => {
  it('when an alias belongs to an ent_num the primary file does not have', async () => {
    const aliases = csvOf([...linesOf(alt), '99999,70999,"aka","NOBODY KNOWN",-0- ']);
    expect(await failureOf({ ...sdnCsvFiles(), aliases })).toEqual({ file: 'alt.csv', line: 15, reason: 'ent_num 99999 is not an entry of the primary file' });
  });

  it('when an address or a comment belongs to an unknown ent_num', async () => {
    const addresses = withLine(fixture('add.csv'), 3, '12345,60003,"Office 12","Tashkent 100084","Uzbekistan",-0- ');
    expect(await failureOf({ ...sdnCsvFiles(), addresses })).toEqual({ file: 'add.csv', line: 3, reason: 'ent_num 12345 is not an entry of the primary file' });
    const comments = csvOf(['77777,"ontinued remarks."']);
    expect(await failureOf({ ...sdnCsvFiles(), comments })).toEqual({ file: 'sdn_comments.csv', line: 1, reason: 'ent_num 77777 is not an entry of the primary file' });
  });

  it('when a row has another number of fields than its layout', async () => {
    const primary = withLine(sdn, 4, '90004,"EP-FQX","aircraft","IRAN-EO13846",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ');
    expect(await failureOf({ ...sdnCsvFiles(), primary })).toEqual({ file: 'sdn.csv', line: 4, reason: 'expected 12 fields, found 11' });
    const aliases = withLine(alt, 2, '90001,70002,"fka","QARIMOV, Rustam Alievich"');
    expect(await failureOf({ ...sdnCsvFiles(), aliases })).toEqual({ file: 'alt.csv', line: 2, reason: 'expected 5 fields, found 4' });
  });

  it('when an ent_num is not a number', async () => {
    const primary = withLine(sdn, 2, linesOf(sdn)[1].replace(/^90002,/, 'A90002,'));
    expect(await failureOf({ ...sdnCsvFiles(), primary })).toEqual({ file: 'sdn.csv', line: 2, reason: 'ent_num "A90002" is not a number' });
  });

  it('when SDN_Type is not individual, vessel, aircraft or -0-', async () => {
    const primary = withLine(sdn, 5, linesOf(sdn)[4].replace('"individual"', '"person"'));
    expect(await failureOf({ ...sdnCsvFiles(), primary })).toEqual({ file: 'sdn.csv', line: 5, reason: 'SDN_Type "person" is not individual, vessel, aircraft or -0- (entity)' });
  });

  it('when an alt_type is not aka, fka or nka', async () => {
    const aliases = withLine(alt, 3, linesOf(alt)[2].replace('"aka"', '"alias"'));
    expect(await failureOf({ ...sdnCsvFiles(), aliases })).toEqual({ file: 'alt.csv', line: 3, reason: 'alt_type "alias" is not aka, fka or nka' });
  });

  it('when a quote is never closed, naming the line where the broken record starts', async () => {
    const primary = withLine(sdn, 6, linesOf(sdn)[5].replace('"ZHANG, Wei"', '"ZHANG, Wei'));
    expect(await failureOf({ ...sdnCsvFiles(), primary })).toEqual({
      file: 'sdn.csv',
      line: 6,
      reason: 'a quote inside a field is not doubled or the field goes on after its closing quote',
    });
    const lastLine = csvOf([...linesOf(sdn), '90099,"OPEN REMARKS LLC",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1970; a.k.a. \'NEVER CLOSED\'.']);
    expect(await failureOf({ ...sdnCsvFiles(), primary: lastLine })).toEqual({ file: 'sdn.csv', line: 23, reason: 'a quoted field is not closed' });
  });

  it('when an entry is listed twice', async () => {
    const primary = csvOf([...linesOf(sdn), linesOf(sdn)[0]]);
    expect(await failureOf({ ...sdnCsvFiles(), primary })).toEqual({ file: 'sdn.csv', line: 23, reason: 'ent_num 90001 is listed twice' });
  });
});
