import { addressOf, filingOf, officerOf, statusOf } from './opencorporates-filing';
import { officerNameOf } from './officer-names';

describe("an OpenCorporates company's filing", () => {
  it.each([
    ['Active', false, 'Active', true],
    ['ACTIVE', null, 'ACTIVE', true],
    ['Good Standing', false, 'Good Standing', true],
    ['In Existence', false, 'In Existence', true],
    ['Active - Good Standing', false, 'Active - Good Standing', true],
    ['Active/Noncompliance', false, 'Active/Noncompliance', false],
    ['Delinquent', false, 'Delinquent', false],
    ['Not In Good Standing', false, 'Not In Good Standing', false],
    ['Administratively Dissolved', true, 'Administratively Dissolved', false],
    ['Active', true, 'Active', false],
    ['', true, 'Inactive', false],
    ['', false, 'Not stated', true],
    [null, null, 'Not stated', false],
    ['Converted', false, 'Converted', false],
  ])('reads status %p with inactive %p as %p, active %p', (currentStatus, inactive, status, active) => {
    expect(statusOf({ current_status: currentStatus, inactive })).toEqual({ status, active });
  });

  it.each([
    ['JOHN SMITH', 'JOHN', 'SMITH'],
    ['SMITH, JOHN A', 'JOHN', 'SMITH'],
    ['SMITH JR, JOHN', 'JOHN', 'SMITH'],
    ['John A. Smith Jr.', 'John', 'Smith'],
    ['John Smith, III', 'John', 'Smith'],
    ['Maria de la Cruz', 'Maria', 'de la Cruz'],
    ['Pieter van Dyke MD', 'Pieter', 'van Dyke'],
    ['  ana   lee  ', 'ana', 'lee'],
    ['MADONNA', '', 'MADONNA'],
    ['CORPORATION SERVICE COMPANY', '', 'CORPORATION SERVICE COMPANY'],
    ['Acme Holdings, L.L.C.', '', 'Acme Holdings, L.L.C.'],
    ['Ana Garcia Lopez', 'Ana', 'Lopez'],
  ])('splits the officer name %p into %p and %p', (name, firstName, lastName) => {
    expect(officerNameOf(name)).toEqual({ firstName, lastName });
  });

  it('lists current officers only, titled by their position', () => {
    expect(officerOf({ name: 'ANN LEE', position: 'president' })).toEqual({ firstName: 'ANN', lastName: 'LEE', title: 'president' });
    expect(officerOf({ name: 'ANN LEE', position: null })).toEqual({ firstName: 'ANN', lastName: 'LEE', title: '' });
    expect([officerOf({ name: 'BO LEE', position: 'director', end_date: '2020-01-01' }), officerOf({ name: 'BO LEE', position: 'director', inactive: true })]).toEqual([null, null]);
  });

  it('reads the structured registered address, its street lines joined; none without street, town or postal code', () => {
    expect(addressOf({ street_address: '1 Main St\nSuite 4 ', locality: 'Dover', region: 'DE', postal_code: '19901', country: 'United States' })).toEqual({
      line1: '1 Main St, Suite 4',
      city: 'Dover',
      state: 'DE',
      postalCode: '19901',
      country: 'United States',
    });
    expect(addressOf({ locality: 'Dover', region: null })).toEqual({ line1: '', city: 'Dover', state: null, postalCode: null, country: null });
    expect([addressOf(null), addressOf(undefined), addressOf({ region: 'DE', country: 'United States' })]).toEqual([null, null, null]);
  });

  it('keeps an incorporation date only as YYYY-MM-DD, and lists no officers when the answer has none', () => {
    const trace = { adapter: 'opencorporates', version: 'v0.4', raw: '{}' };
    const base = { name: 'ACME LLC', company_number: '1', jurisdiction_code: 'us_de', current_status: 'Active', inactive: false };
    expect(filingOf({ ...base, incorporation_date: '2001-02-03' }, 'DE', trace)).toEqual({
      registeredName: 'ACME LLC',
      status: 'Active',
      active: true,
      state: 'DE',
      officers: [],
      companyNumber: '1',
      jurisdiction: 'us_de',
      incorporationDate: '2001-02-03',
      registeredAddress: null,
      trace,
    });
    expect([filingOf({ ...base, incorporation_date: null }, 'DE', trace).incorporationDate, filingOf({ ...base, incorporation_date: '03/02/2001' }, 'DE', trace).incorporationDate]).toEqual([null, null]);
  });
});
