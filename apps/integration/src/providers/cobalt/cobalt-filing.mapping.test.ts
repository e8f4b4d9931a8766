import { addressOf, chooseResult, filingDateOf, filingOf, isActive, officerOf, officersOf } from './cobalt-filing.mapping';

describe("reading a Cobalt result as a filing", () => {
  it('splits a one-field officer name, last-name-first or not, without middle names or suffixes', () => {
    expect(officerOf('SMITH, JOHN A', 'Manager')).toEqual({ firstName: 'JOHN', lastName: 'SMITH', title: 'Manager' });
    expect(officerOf('  Ana   Maria Lopez Jr. ', 'Member')).toEqual({ firstName: 'Ana', lastName: 'Lopez', title: 'Member' });
    expect(officerOf('Jane Roe, III', 'President')).toEqual({ firstName: 'Jane', lastName: 'Roe', title: 'President' });
    expect(officerOf('Cher', 'Director')).toEqual({ firstName: '', lastName: 'Cher', title: 'Director' });
    expect(officerOf('   ', 'Director')).toBeNull();
  });

  it('lists the officers, then a registered agent who is a person, never a commercial agent service', () => {
    expect(officersOf({ officers: [{ name: 'Jane Roe', title: 'CEO' }, { name: 'Ann Poe' }, { name: '' }], agentName: 'Bo Diaz' })).toEqual([
      { firstName: 'Jane', lastName: 'Roe', title: 'CEO' },
      { firstName: 'Ann', lastName: 'Poe', title: 'Officer' },
      { firstName: 'Bo', lastName: 'Diaz', title: 'Registered Agent' },
    ]);
    expect(officersOf({ agentName: 'Registered Agents Inc', agentIsCommercial: true })).toEqual([]);
  });

  it("reads the filing date from Cobalt's ISO date, else from the state's own date", () => {
    expect(filingDateOf({ normalizedFilingDate: '2015-03-02T00:00:00.000Z', filingDate: '03/02/2015' })).toBe('2015-03-02');
    expect(filingDateOf({ filingDate: '3/2/2015' })).toBe('2015-03-02');
    expect(filingDateOf({ filingDate: '2015-03-02' })).toBe('2015-03-02');
    expect([filingDateOf({ filingDate: 'Perpetual' }), filingDateOf({})]).toEqual([null, null]);
  });

  it('takes the physical address, else the mailing address, else none', () => {
    const mailing = { mailingAddressStreet: 'PO Box 7', mailingAddressCity: 'Dover', mailingAddressState: 'DE', mailingAddressZip: '19901' };
    expect(addressOf({ physicalAddressStreet: '1 Main St', physicalAddressCity: 'Boise', physicalAddressState: 'ID', ...mailing })).toEqual({
      line1: '1 Main St', city: 'Boise', state: 'ID', postalCode: null, country: 'US',
    });
    expect(addressOf({ physicalAddressStreet: '1 Main St', ...mailing })).toEqual({ line1: 'PO Box 7', city: 'Dover', state: 'DE', postalCode: '19901', country: 'US' });
    expect(addressOf({ physicalAddressCity: 'Boise' })).toBeNull();
  });

  it("is active by Cobalt's normalized status, else by the state's own word", () => {
    expect([isActive({ normalizedStatus: 'active', status: 'Good Standing' }), isActive({ normalizedStatus: 'inactive', status: 'Active' })]).toEqual([true, false]);
    expect([isActive({ status: 'Active' }), isActive({ status: 'In Good Standing' }), isActive({ status: 'Dissolved' }), isActive({})]).toEqual([true, true, false, false]);
  });

  it('maps the state, number, jurisdiction and status, the searched state standing in for a missing one', () => {
    expect(filingOf({ title: ' Acme LLC ', sosId: '2011864', status: 'Delinquent', normalizedStatus: 'inactive' }, 'de')).toEqual({
      registeredName: 'Acme LLC', active: false, status: 'Delinquent', state: 'DE', officers: [],
      companyNumber: '2011864', jurisdiction: 'us_de', incorporationDate: null, registeredAddress: null,
    });
    expect(filingOf({ title: 'Acme LLC', normalizedStatus: 'active', stateOfSosRegistration: 'ID' }, 'DE')).toMatchObject({ status: 'active', state: 'ID', companyNumber: null, jurisdiction: 'us_id' });
  });
});

describe('choosing among several Cobalt results', () => {
  const named = (title: string, extra: Record<string, unknown> = {}) => ({ title, ...extra });

  it('takes the same name first, then the same name but for the legal suffix, then the most similar', () => {
    const exact = named('Acme Plumbing, L.L.C.', { confidenceLevel: 0.7 });
    const suffix = named('ACME PLUMBING INC', { confidenceLevel: 0.95 });
    const near = named('Acme Plumbing Supply LLC', { confidenceLevel: 0.99 });
    expect(chooseResult([near, suffix, exact], 'Acme Plumbing LLC')).toBe(exact);
    expect(chooseResult([near, suffix], 'Acme Plumbing LLC')).toBe(suffix);
    expect(chooseResult([named('Acme Pipes', { confidenceLevel: 0.5 }), near], 'Acme Plumbing LLC')).toBe(near);
  });

  it('prefers an active filing among same-name results, and keeps Cobalt’s order on a tie', () => {
    const dissolved = named('Acme & Sons LLC', { normalizedStatus: 'inactive', confidenceLevel: 1 });
    const active = named('Acme and Sons, LLC', { normalizedStatus: 'active', confidenceLevel: 0.9 });
    expect(chooseResult([dissolved, active], 'Acme & Sons LLC')).toBe(active);
    const first = named('Zeta Co'), second = named('Zeta Co');
    expect(chooseResult([first, second], 'Zeta Co')).toBe(first);
    expect(chooseResult([], 'Zeta Co')).toBeNull();
  });
});
