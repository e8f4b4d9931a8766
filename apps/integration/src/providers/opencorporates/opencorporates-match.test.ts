import { chooseCompany, exactName, nameWithoutLegalForm } from './opencorporates-match';
import type { OpenCorporatesCompany } from './opencorporates.types';
import { usJurisdictionOf } from './us-jurisdictions';

const company = (name: string, company_number: string, extra: Partial<OpenCorporatesCompany> = {}): OpenCorporatesCompany => ({ name, company_number, jurisdiction_code: 'us_de', ...extra });

describe('choosing the business among OpenCorporates search results', () => {
  it('compares names letter for letter, then without legal-form words', () => {
    expect([exactName('Acme, Inc.'), exactName('  ACME   INC ')]).toEqual(['acme inc', 'acme inc']);
    expect([nameWithoutLegalForm('The Acme Company, LLC'), nameWithoutLegalForm('ACME')]).toEqual(['acme', 'acme']);
  });

  it('takes the company named exactly as the business, in its jurisdiction only', () => {
    const results = [company('ACME INC', '1', { jurisdiction_code: 'us_ca' }), company('ACME INCORPORATED', '2'), company('ACME, INC.', '3'), company('ACME HOLDINGS INC', '4')];
    expect(chooseCompany('Acme Inc', 'us_de', results)).toEqual({ kind: 'one', company: results[2] });
  });

  it('falls back to names without legal-form words when none is exact', () => {
    const results = [company('ACME LLC', '1'), company('ACME HOLDINGS LLC', '2')];
    expect(chooseCompany('Acme', 'us_de', results)).toEqual({ kind: 'one', company: results[0] });
  });

  it('prefers the one company not flagged inactive among equally good ones, else is ambiguous', () => {
    const gone = company('ACME LLC', '1', { inactive: true });
    const live = company('ACME LLC', '2', { inactive: false });
    expect(chooseCompany('Acme LLC', 'us_de', [gone, live])).toEqual({ kind: 'one', company: live });
    expect(chooseCompany('Acme LLC', 'us_de', [gone, company('ACME LLC', '3', { inactive: true })])).toEqual({ kind: 'ambiguous', count: 2 });
    expect(chooseCompany('Acme', 'us_de', [company('ACME LLC', '1'), company('ACME INC', '2')])).toEqual({ kind: 'ambiguous', count: 2 });
  });

  it('counts a company listed twice once, and finds none for another name or an empty one', () => {
    expect(chooseCompany('Acme LLC', 'us_de', [company('ACME LLC', '1'), company('Acme LLC', '1')])).toMatchObject({ kind: 'one' });
    expect(chooseCompany('Acme LLC', 'us_de', [company('ACME HOLDINGS LLC', '1')])).toEqual({ kind: 'none' });
    expect(chooseCompany('LLC', 'us_de', [company('LLC', '1')])).toMatchObject({ kind: 'one' });
    expect(chooseCompany('---', 'us_de', [company('ACME', '1')])).toEqual({ kind: 'none' });
  });

  it("names a state's registry us_<state>, from its postal code or its name", () => {
    expect([usJurisdictionOf('DE'), usJurisdictionOf(' ny '), usJurisdictionOf('District of  Columbia'), usJurisdictionOf('new mexico')]).toEqual([
      { state: 'DE', code: 'us_de' },
      { state: 'NY', code: 'us_ny' },
      { state: 'DC', code: 'us_dc' },
      { state: 'NM', code: 'us_nm' },
    ]);
    expect([usJurisdictionOf(null), usJurisdictionOf(''), usJurisdictionOf('PR'), usJurisdictionOf('Ontario'), usJurisdictionOf('constructor')]).toEqual([null, null, null, null, null]);
  });
});
