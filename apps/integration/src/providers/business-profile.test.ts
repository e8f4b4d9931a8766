import type { BusinessEntry, BusinessOwnerEntry } from '@kyb/area-views';
import { businessProfileOf } from './business-profile';

const business: BusinessEntry = {
  id: 'b-1',
  customerId: 'c-1',
  name: 'Longwood Dental LLC',
  officialWebsite: 'https://longwood.example',
  mobile: '+14155550132',
  addressLine1: '1234 Testing Blvd.',
  addressLine2: 'Suite 5',
  addressCity: 'Longwood',
  addressState: 'FL',
  addressPostalCode: '32850',
  addressCountry: 'US',
  tinMasked: 'XXXXX6789',
  naicsCode: '621210',
  mccCode: '8021',
  isMonitoringEnabled: true,
  externalId: 'LD-1',
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
};

const owner: BusinessOwnerEntry = {
  id: 'o-1',
  firstName: 'Ann',
  lastName: 'Lee',
  line1: '456 Owner Rd',
  line2: 'Apt 2',
  city: 'Brooklyn',
  state: 'NY',
  postalCode: '11201',
  country: 'US',
  ssnMasked: 'XXXXX1234',
  ownerType: 'CONTROL',
  ownershipPercentage: 100,
};

describe('businessProfileOf', () => {
  it('tells providers what finds the business and its owners, in the owners’ order, and nothing else (no TIN or SSN, masked or not)', () => {
    const second = { ...owner, id: 'o-2', firstName: 'Bo', lastName: 'Park' };
    expect(businessProfileOf(business, [owner, second])).toEqual({
      id: 'b-1',
      customerId: 'c-1',
      name: 'Longwood Dental LLC',
      officialWebsite: 'https://longwood.example',
      mobile: '+14155550132',
      addressLine1: '1234 Testing Blvd.',
      addressCity: 'Longwood',
      addressState: 'FL',
      addressPostalCode: '32850',
      addressCountry: 'US',
      owners: [
        { id: 'o-1', firstName: 'Ann', lastName: 'Lee', line1: '456 Owner Rd', city: 'Brooklyn', state: 'NY', postalCode: '11201', country: 'US' },
        { id: 'o-2', firstName: 'Bo', lastName: 'Park', line1: '456 Owner Rd', city: 'Brooklyn', state: 'NY', postalCode: '11201', country: 'US' },
      ],
    });
  });

  it('a business without owners has an empty list of them', () => {
    expect(businessProfileOf(business, []).owners).toEqual([]);
  });
});
