import { merchantCategoryCode, mccForNaics, naicsCode } from '@kyb/industry-codes';
import { CLASSIFIER_KEYWORDS, createSandboxClassifier, FALLBACK_NAICS_CODES, sandboxNaicsCode } from './sandbox-classifier';

describe('the sandbox classifier', () => {
  const every = [...CLASSIFIER_KEYWORDS.map(([, code]) => code), ...FALLBACK_NAICS_CODES];

  it.each(every)('can only answer real six-digit NAICS 2017 codes with a real MCC: %s', (code) => {
    expect(code).toMatch(/^\d{6}$/);
    expect(naicsCode(code)).toBeDefined();
    expect(merchantCategoryCode(mccForNaics(code)!)).toBeDefined();
  });

  it.each([
    ['Longwood Dental LLC', null, '621210'],
    ["Tony's Pizza", null, '722513'],
    ['Main Street Cafe', null, '722515'],
    ['Blue Door Restaurant', null, '722511'],
    ['Acme Software Inc', null, '511210'],
    ['Acme Tech', null, '541511'],
    ['Smith Law Group', null, '541110'],
    ['Green Lawn Care', null, '561730'],
    ['Bob Construction', null, '236220'],
    ['Sunrise Bakery', null, '311811'],
    ['Family Clinic', null, '621111'],
    ['Fast Trucking', null, '484121'],
    ['Glam Salon', null, '812112'],
    ['Peak Consulting', null, '541611'],
    ['Acme Marketing', null, '541810'],
    ['Zed Holdings', 'https://www.zedpizza.com', '722513'],
  ])('classifies %s (website %s) as %s', (name, website, code) => {
    expect(sandboxNaicsCode({ name, website })).toBe(code);
  });

  it('classifies a name without a keyword by a stable hash over the fallback codes, whatever the case and punctuation', () => {
    const code = sandboxNaicsCode({ name: 'Zyx Holdings', website: null });
    expect(FALLBACK_NAICS_CODES).toContain(code);
    expect(sandboxNaicsCode({ name: 'ZYX holdings!', website: null })).toBe(code);
    const spread = new Set(Array.from({ length: 40 }, (_, i) => sandboxNaicsCode({ name: `Qq${i} Holdings`, website: null })));
    expect(spread.size).toBeGreaterThan(3);
  });

  it('answers the MCC of the crosswalk', async () => {
    expect(await createSandboxClassifier().classify({ name: 'Longwood Dental', website: null })).toEqual({ naicsCode: '621210', mccCode: '8021' });
  });
});
