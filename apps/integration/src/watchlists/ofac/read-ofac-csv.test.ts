import { Readable } from 'node:stream';
import { consolidatedCsvFiles, fixture, sdnCsvFiles } from './ofac-fixtures';
import { readOfacCsvList } from './read-ofac-csv';

describe('readOfacCsvList, the SDN list', () => {
  it('reads every entry of sdn.csv with its addresses, aliases and comments, and no publish date', async () => {
    const read = await readOfacCsvList(sdnCsvFiles(), { list: 'ofac-sdn' });
    expect(read.entries).toHaveLength(22);
    expect(read.rows).toBe(22 + 16 + 14 + 1);
    expect(read.publishedAt).toBeNull();
    expect(read.entries.map((e) => e.type).filter((t) => t !== 'entity' && t !== 'individual')).toEqual(['vessel', 'aircraft', 'vessel']);
    expect(read.entries.flatMap((e) => e.aliases).filter((a) => a.strength === 'weak')).toHaveLength(11);
  });

  it('reads an individual: the name as published, two programs, aliases aka/fka and a weak one, two addresses, dates of birth, nationalities, documents', async () => {
    const { entries } = await readOfacCsvList(sdnCsvFiles(), { list: 'ofac-sdn' });
    expect(entries.find((e) => e.uid === '90001')).toEqual({
      uid: '90001',
      name: 'KARIMOV, Rustam Aliyevich',
      type: 'individual',
      programs: ['SDGT', 'IFSR'],
      aliases: [
        { id: '70001', kind: 'aka', strength: 'strong', name: 'KARIMOV, Rustam' },
        { id: '70002', kind: 'fka', strength: 'strong', name: 'QARIMOV, Rustam Alievich' },
        { id: 'remarks-1', kind: 'aka', strength: 'weak', name: 'ABU RUSTAM' },
      ],
      addresses: [
        { id: '60001', street: null, city: 'Tashkent', stateOrProvince: null, postalCode: null, country: 'Uzbekistan' },
        { id: '60002', street: 'Leninsky Prospekt 32, kv. 14', city: 'Moscow 119334', stateOrProvince: null, postalCode: null, country: 'Russia' },
      ],
      datesOfBirth: ['1968-03-14', '1966'],
      nationalities: ['Uzbekistan', 'Russia'],
      identifiers: [
        { type: 'Passport', value: 'FA1234567', country: 'Uzbekistan' },
        { type: 'National ID No.', value: '31403680010022', country: 'Uzbekistan' },
      ],
      remarks:
        "DOB 14 Mar 1968; alt. DOB 1966; POB Tashkent, Uzbekistan; nationality Uzbekistan; alt. nationality Russia; Gender Male; Passport FA1234567 (Uzbekistan); National ID No. 31403680010022 (Uzbekistan); a.k.a. 'ABU RUSTAM'; Linked To: SILK CORRIDOR TRADING LLC.",
      title: 'General Director',
      vessel: null,
    });
  });

  it('reads a vessel with its call sign, type, tonnages with commas inside the quotes, flag and owner', async () => {
    const { entries } = await readOfacCsvList(sdnCsvFiles(), { list: 'ofac-sdn' });
    expect(entries.find((e) => e.uid === '90003')).toEqual({
      uid: '90003',
      name: 'OCEAN AMBER',
      type: 'vessel',
      programs: ['IRAN'],
      aliases: [{ id: 'remarks-1', kind: 'fka', strength: 'weak', name: 'AMBER STAR' }],
      addresses: [],
      datesOfBirth: [],
      nationalities: [],
      identifiers: [
        { type: 'Vessel Registration Identification', value: 'IMO 9100001', country: null },
        { type: 'MMSI', value: '351000001', country: null },
      ],
      remarks: "Vessel Registration Identification IMO 9100001; MMSI 351000001; f.k.a. 'AMBER STAR'; Linked To: AMBER MARITIME INC.",
      title: null,
      vessel: { callSign: '9HXY7', vesselType: 'Crude Oil Tanker', tonnage: '105,320', grossRegisteredTonnage: '58,127', flag: 'Panama', owner: 'AMBER MARITIME INC.' },
    });
  });

  it('joins the remarks cut at 1000 characters with their continuation in sdn_comments.csv, so the weak alias after the cut is read', async () => {
    const { entries } = await readOfacCsvList(sdnCsvFiles(), { list: 'ofac-sdn' });
    const petrov = entries.find((e) => e.uid === '90009');
    expect(petrov?.remarks?.length).toBeGreaterThan(1000);
    expect(petrov?.remarks).toContain('Linked To: NEVA RIVER SUBSIDIARY NUMBER 12 LIMITED LIABILITY COMPANY; Linked To: NEVA RIVER SUBSIDIARY NUMBER 13');
    expect(petrov?.remarks?.endsWith('NUMBER 25 LIMITED LIABILITY COMPANY.')).toBe(true);
    expect(petrov?.aliases).toEqual([{ id: 'remarks-1', kind: 'aka', strength: 'weak', name: 'DIMA' }]);
    expect(petrov?.datesOfBirth).toEqual(['1971']);
  });

  it('reads doubled quotes inside a quoted name, ranges and month-only dates, an address that is only a country, a passport with its expiry', async () => {
    const { entries } = await readOfacCsvList(sdnCsvFiles(), { list: 'ofac-sdn' });
    const byUid = new Map(entries.map((e) => [e.uid, e]));
    expect(byUid.get('90022')?.name).toBe('ALPINE "EDELWEISS" HOLDING AG');
    expect(byUid.get('90022')?.addresses[1]).toEqual({ id: '60016', street: null, city: null, stateOrProvince: null, postalCode: null, country: 'Liechtenstein' });
    expect(byUid.get('90017')?.datesOfBirth).toEqual(['1962 to 1964']);
    expect(byUid.get('90021')?.datesOfBirth).toEqual(['1970-04']);
    expect(byUid.get('90005')?.datesOfBirth).toEqual(['1975']);
    expect(byUid.get('90005')?.identifiers).toEqual([{ type: 'Passport', value: 'N009876', country: 'Syria' }]);
    expect(byUid.get('90013')?.identifiers.map((i) => i.value)).toEqual(['A00112233', 'B44556677']);
  });

  it('reads the files as streams as it reads them as bytes', async () => {
    const files = sdnCsvFiles();
    const streamed = await readOfacCsvList({ primary: Readable.from([fixture('sdn.csv')]), aliases: Readable.from([fixture('alt.csv')]) }, { list: 'ofac-sdn' });
    const bytes = await readOfacCsvList({ primary: files.primary, aliases: files.aliases }, { list: 'ofac-sdn' });
    expect(streamed.entries).toEqual(bytes.entries);
    expect(bytes.entries.every((e) => e.addresses.length === 0)).toBe(true);
  });
});

describe('readOfacCsvList, the Consolidated list', () => {
  it('reads cons_prim.csv with cons_add.csv, cons_alt.csv and cons_comments.csv', async () => {
    const read = await readOfacCsvList(consolidatedCsvFiles(), { list: 'ofac-consolidated' });
    expect(read.entries).toHaveLength(8);
    expect(read.rows).toBe(8 + 7 + 5 + 1);
    const pipeline = read.entries.find((e) => e.uid === '95002');
    expect(pipeline?.programs).toEqual(['UKRAINE-EO13662', 'RUSSIA-EO14024']);
    expect(pipeline?.remarks?.endsWith('NORTHERN PIPELINE SERVICE BRANCH NUMBER 29 LLC.')).toBe(true);
    expect(pipeline?.identifiers).toEqual([
      { type: 'Registration Number', value: '1027739000001', country: 'Russia' },
      { type: 'Tax ID No.', value: '7706000001', country: 'Russia' },
    ]);
    expect(read.entries.find((e) => e.uid === '95004')?.nationalities).toEqual(['Iran', 'Canada']);
    expect(read.entries.find((e) => e.uid === '95005')?.addresses.map((a) => a.city)).toEqual(['Dubai', 'Sharjah']);
  });
});
