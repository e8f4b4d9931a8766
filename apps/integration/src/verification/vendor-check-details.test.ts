import { addressVerdict, filingNote, irsCodeNote } from './vendor-check-details';

describe('what a real vendor adds to a check', () => {
  it('names the IRS code and its meaning, and nothing for a sandbox answer', () => {
    expect(irsCodeNote({ code: '3', description: 'The TIN and name do not match IRS records.' })).toBe(' (IRS code 3: The TIN and name do not match IRS records)');
    expect(irsCodeNote({ code: '0' })).toBe(' (IRS code 0)');
    expect(irsCodeNote({})).toBe('');
  });

  it.each([
    [{ deliverable: true }, 'PASS', 'The address is a valid deliverable address.'],
    [{ deliverable: false }, 'FAIL', 'The address is not a deliverable address.'],
    [{ deliverable: false, dpvMatch: null }, 'FAIL', 'The address is not a deliverable address (USPS has no single delivery point for it).'],
    [{ deliverable: false, dpvMatch: 'N' }, 'FAIL', 'The address is not a deliverable address (USPS delivery point N: not confirmed as a delivery point).'],
    [{ deliverable: true, dpvMatch: 'Y', cmra: true }, 'FAIL', 'The address is a commercial mail receiving agency (a mailbox store), not a place of business.'],
    [{ deliverable: true, dpvMatch: 'Y', vacant: true }, 'FAIL', 'The address is deliverable, but USPS marks the delivery point vacant.'],
    [{ deliverable: true, dpvMatch: 'Y', residential: false }, 'PASS', 'The address is a valid deliverable address; it is a commercial address.'],
    [{ deliverable: true, dpvMatch: 'Y', residential: true, cmra: false, vacant: false }, 'PASS', 'The address is a valid deliverable address; it is a residential address.'],
    [
      { deliverable: true, dpvMatch: 'D', residential: null },
      'PASS',
      'The address is a valid deliverable address (USPS delivery point D: confirmed for the primary number, but the secondary number (a suite or unit) it needs is missing).',
    ],
  ])('reads the address answer %j as %s', (answer, result, reason) => {
    expect(addressVerdict(answer)).toEqual({ result, reason });
  });

  it('names the registry number, the incorporation date and the registered office when the registry gives them', () => {
    const filing = { registeredName: 'Acme LLC', active: true, status: 'Active', state: 'DE', officers: [] };
    expect(filingNote(filing)).toBe('');
    const address = { line1: '1 Main St', city: 'Dover', state: 'DE', postalCode: null, country: 'US' };
    expect(filingNote({ ...filing, companyNumber: '5551234', incorporationDate: '2011-04-02', registeredAddress: address })).toBe(
      ' (number 5551234, registered 2011-04-02, registered office in Dover, DE)',
    );
    expect(filingNote({ ...filing, incorporationDate: '2011-04-02', registeredAddress: { ...address, city: '', state: null } })).toBe(' (registered 2011-04-02)');
  });
});
