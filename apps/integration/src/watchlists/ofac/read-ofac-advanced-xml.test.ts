import { Readable } from 'node:stream';
import { MalformedWatchlistFileError } from '../watchlist-entry';
import { fixture } from './ofac-fixtures';
import { readOfacAdvancedXml } from './read-ofac-advanced-xml';

const sdnXml = fixture('SDN_ADVANCED.XML');

async function failureOf(content: Buffer): Promise<{ file: string; line: number; reason: string }> {
  const error = await readOfacAdvancedXml(content).then(
    () => null,
    (err: unknown) => err,
  );
  if (!(error instanceof MalformedWatchlistFileError)) throw new Error(`expected a MalformedWatchlistFileError, got ${String(error)}`);
  return { file: error.file, line: error.line, reason: error.reason };
}

const edited = (from: string, to: string): Buffer => Buffer.from(sdnXml.toString('utf8').replace(from, to), 'utf8');

describe('readOfacAdvancedXml', () => {
  it('reads every DistinctParty of SDN_ADVANCED.XML, its publish date from DateOfIssue, and tells progress per entry', async () => {
    const progress: number[] = [];
    const read = await readOfacAdvancedXml(sdnXml, { onProgress: (n) => progress.push(n) });
    expect(read.entries).toHaveLength(22);
    expect(read.publishedAt).toEqual(new Date('2026-12-04T00:00:00Z'));
    expect(progress).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
  });

  it('reads an individual with the name parts as `LAST, First`, the Chinese name as an alias in its script, documents, birth date and nationality', async () => {
    const { entries } = await readOfacAdvancedXml(sdnXml);
    expect(entries.find((e) => e.uid === '90006')).toEqual({
      uid: '90006',
      name: 'ZHANG, Wei',
      type: 'individual',
      programs: ['CYBER2', 'DPRK3'],
      aliases: [
        { id: '900065', kind: 'aka', strength: 'strong', name: '张伟', script: 'Chinese Simplified' },
        { id: '900061', kind: 'aka', strength: 'weak', name: 'LAOWEI' },
      ],
      addresses: [],
      datesOfBirth: ['1984-11-02'],
      nationalities: ['China'],
      identifiers: [{ type: 'Identification Number', value: '210602198411020011', country: 'China' }],
      remarks: null,
      title: null,
      vessel: null,
    });
  });

  it('reads Cyrillic and Arabic names, a vessel from its features, structured addresses and identifying features', async () => {
    const { entries } = await readOfacAdvancedXml(Readable.from([sdnXml.subarray(0, 1000), sdnXml.subarray(1000)]));
    const byUid = new Map(entries.map((e) => [e.uid, e]));
    expect(byUid.get('90010')?.aliases.filter((a) => a.script)).toEqual([{ id: '900105', kind: 'aka', strength: 'strong', name: 'АО «Нева Ривер Энерджи Холдинг»', script: 'Cyrillic' }]);
    expect(byUid.get('90017')?.aliases).toEqual([{ id: '900175', kind: 'aka', strength: 'strong', name: 'رضا طاهری', script: 'Arabic' }]);
    expect(byUid.get('90003')?.vessel).toEqual({ callSign: '9HXY7', vesselType: 'Crude Oil Tanker', tonnage: '105,320', grossRegisteredTonnage: '58,127', flag: 'Panama', owner: 'AMBER MARITIME INC.' });
    expect(byUid.get('90014')?.addresses).toEqual([
      { id: '1060011', street: 'Avenida Insurgentes Sur 1605, Piso 9, Colonia San Jose Insurgentes', city: 'Ciudad de Mexico', stateOrProvince: 'CDMX', postalCode: '03900', country: 'Mexico' },
    ]);
    expect(byUid.get('90002')?.identifiers).toEqual([
      { type: 'Registration Number', value: '2019-554-11', country: 'Uzbekistan' },
      { type: 'SWIFT/BIC', value: 'SCTLUZ22', country: null },
    ]);
    expect(byUid.get('90004')?.type).toBe('aircraft');
  });

  it('reads the Consolidated list in the same schema', async () => {
    const read = await readOfacAdvancedXml(fixture('CONS_ADVANCED.XML'), { file: 'cons_advanced.xml' });
    expect(read.entries).toHaveLength(8);
    expect(read.publishedAt).toEqual(new Date('2026-12-03T00:00:00Z'));
    expect(read.entries.find((e) => e.uid === '95003')?.aliases).toEqual([{ id: '950035', kind: 'aka', strength: 'strong', name: '长江安防科技有限公司', script: 'Chinese Simplified' }]);
  });

  it('streams a generated file of 20,000 parties to its end', async () => {
    const head = sdnXml.toString('utf8').split('<DistinctParties>')[0];
    const party = (uid: number) =>
      `<DistinctParty FixedRef="${uid}"><Profile ID="${uid}" PartySubTypeID="3"><Identity ID="${uid}"><Alias AliasTypeID="1403" Primary="true" LowQuality="false"><DocumentedName ID="${uid}"><DocumentedNamePart><NamePartValue NamePartGroupID="${uid}" ScriptID="215">GENERATED TRADING ${uid} LLC</NamePartValue></DocumentedNamePart></DocumentedName></Alias><NamePartGroups><MasterNamePartGroup><NamePartGroup ID="${uid}" NamePartTypeID="1525" /></MasterNamePartGroup></NamePartGroups></Identity></Profile></DistinctParty>\n`;
    async function* document() {
      yield head.replace(/<Locations>[\s\S]*$/, '') + '<DistinctParties>\n';
      for (let uid = 1; uid <= 20000; uid += 1) yield party(uid);
      yield '</DistinctParties><SanctionsEntries><SanctionsEntry ID="1" ProfileID="20000" ListID="1550"><SanctionsMeasure ID="1" SanctionsTypeID="1"><Comment>SDGT</Comment></SanctionsMeasure></SanctionsEntry></SanctionsEntries></Sanctions>';
    }
    let progress = 0;
    const read = await readOfacAdvancedXml(Readable.from(document()), { onProgress: (n) => (progress = n) });
    expect(read.entries).toHaveLength(20000);
    expect(progress).toBe(20000);
    expect(read.entries[19999]).toMatchObject({ uid: '20000', name: 'GENERATED TRADING 20000 LLC', type: 'entity', programs: ['SDGT'] });
  });
});

describe('readOfacAdvancedXml refuses a malformed file with the line and the reason', () => {
  it('when the XML is broken', async () => {
    expect(await failureOf(edited('<DistinctParty FixedRef="90006">', '<DistinctParty FixedRef="90006>'))).toMatchObject({ file: 'sdn_advanced.xml', line: 181 });
    // Without </DistinctParties>, the </Sanctions> at the end is the close tag that does not match.
    expect(await failureOf(edited('</DistinctParties>', ''))).toEqual({ file: 'sdn_advanced.xml', line: 234, reason: 'the XML is not well-formed: unexpected close tag.' });
  });

  it('when the file ends before the document does', async () => {
    const cut = sdnXml.subarray(0, sdnXml.indexOf('<SanctionsEntries>'));
    expect((await failureOf(cut)).reason).toMatch(/^the XML is not well-formed: /);
  });

  it('when the document is not OFAC\'s Sanctions document', async () => {
    expect(await failureOf(Buffer.from('<?xml version="1.0"?>\n<sdnList><sdnEntry /></sdnList>'))).toEqual({ file: 'sdn_advanced.xml', line: 2, reason: "the document is a <sdnList>, not OFAC's <Sanctions>" });
  });

  it('when a party refers to a reference value the data dictionary does not define', async () => {
    expect(await failureOf(edited('<Profile ID="90006" PartySubTypeID="4">', '<Profile ID="90006" PartySubTypeID="9">'))).toEqual({
      file: 'sdn_advanced.xml',
      line: 181,
      reason: '<Profile> refers to PartySubType "9", which the ReferenceValueSets do not define',
    });
  });

  it('when a SanctionsEntry refers to a profile no party has', async () => {
    const failure = await failureOf(edited('ProfileID="90006"', 'ProfileID="12345"'));
    expect(failure.reason).toBe('a SanctionsEntry refers to Profile "12345", which no DistinctParty has');
    expect(failure.line).toBeGreaterThan(209);
  });
});
