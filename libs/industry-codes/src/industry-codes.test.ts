import {
  crosswalkEntries,
  findIndustry,
  INDUSTRIES,
  industryOfNaics,
  mccForNaics,
  merchantCategoryCode,
  merchantCategoryCodes,
  naicsCode,
  nationalIndustries,
  normaliseCode,
} from './index';

describe('the code lists', () => {
  it('knows the published sample codes with their titles, and refuses codes that do not exist', () => {
    expect(naicsCode('621210')).toEqual({ code: '621210', title: 'Offices of Dentists' });
    expect(naicsCode('722511')).toEqual({ code: '722511', title: 'Full-Service Restaurants' });
    expect(naicsCode('62')?.title).toBe('Health Care and Social Assistance');
    expect(merchantCategoryCode('8021')?.title).toBe('Dentists and Orthodontists');
    expect(merchantCategoryCode('0742')?.title).toBe('Veterinary Services');
    expect(naicsCode('999999')).toBeUndefined();
    expect(naicsCode('31-33')).toBeUndefined();
    expect(merchantCategoryCode('0001')).toBeUndefined();
  });

  it('holds a thousand national industries and merchant category codes, in code order, titles without the source marks', () => {
    const naics = nationalIndustries();
    const mcc = merchantCategoryCodes();
    expect(naics.length).toBeGreaterThan(1000);
    expect(mcc.length).toBeGreaterThan(900);
    expect(naics.every((c) => /^\d{6}$/.test(c.code) && c.title.length > 0 && !/T$|\s$/.test(c.title))).toBe(true);
    expect(mcc.every((c) => /^\d{4}$/.test(c.code) && c.title.length > 0)).toBe(true);
    expect(naics.map((c) => c.code)).toEqual([...naics.map((c) => c.code)].sort());
  });
});

describe('industries', () => {
  it('are the twenty NAICS sectors with stable ids (the sample shows Health Care as 16)', () => {
    expect(INDUSTRIES).toHaveLength(20);
    expect(findIndustry(16)).toMatchObject({ name: 'Health Care and Social Assistance', code: 'health_care_and_social_assistance', sectorCode: '62' });
    expect(INDUSTRIES.map((i) => i.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const codesOfSectors = nationalIndustries().map((c) => industryOfNaics(c.code)?.id);
    expect(new Set(codesOfSectors)).toEqual(new Set(INDUSTRIES.map((i) => i.id)));
  });

  it('are found by id, sector code, code or name, and from any NAICS code', () => {
    expect(findIndustry('72')?.name).toBe('Accommodation and Food Services');
    expect(findIndustry('other_services')?.sectorCode).toBe('81');
    expect(findIndustry(' Retail Trade ')?.sectorCode).toBe('44-45');
    expect(findIndustry('16')?.sectorCode).toBe('62');
    expect(findIndustry('nonsense')).toBeUndefined();
    expect(industryOfNaics('332710')?.sectorCode).toBe('31-33');
    expect(industryOfNaics('452319')?.name).toBe('Retail Trade');
    expect(industryOfNaics('990000')).toBeUndefined();
  });
});

describe('mccForNaics', () => {
  it('maps by the longest prefix, else the sector', () => {
    expect(mccForNaics('621210')).toBe('8021');
    expect(mccForNaics('722511')).toBe('5812');
    expect(mccForNaics('722513')).toBe('5814');
    expect(mccForNaics('541511')).toBe('7372');
    expect(mccForNaics('611110')).toBe('8211');
    expect(mccForNaics('551111')).toBe('7399');
    expect(mccForNaics('990000')).toBeUndefined();
  });

  it('names only real NAICS prefixes and real merchant category codes, and maps every national industry', () => {
    for (const [prefix, mcc] of crosswalkEntries()) {
      expect([prefix, naicsCode(prefix) !== undefined]).toEqual([prefix, true]);
      expect([mcc, merchantCategoryCode(mcc) !== undefined]).toEqual([mcc, true]);
    }
    expect(nationalIndustries().filter((c) => mccForNaics(c.code) === undefined)).toEqual([]);
  });
});

describe('normaliseCode', () => {
  it('takes numbers and digit strings, pads MCCs to four digits, and refuses the rest', () => {
    expect(normaliseCode(621210, 'naics')).toBe('621210');
    expect(normaliseCode(' 621210 ', 'naics')).toBe('621210');
    expect(normaliseCode(742, 'mcc')).toBe('0742');
    expect(normaliseCode('5812', 'mcc')).toBe('5812');
    for (const bad of [-1, 1.5, Number.NaN, '12a', '', '1234567', true, null, undefined, 7]) expect(normaliseCode(bad, 'naics')).toBeUndefined();
    expect(normaliseCode(12345, 'mcc')).toBeUndefined();
  });
});
