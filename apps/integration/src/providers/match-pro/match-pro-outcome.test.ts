import { sampleBusiness } from '../../test-support/fakes/match-pro/match-pro.samples';
import type { TerminatedMerchantMatch } from './match-pro.api';
import { alpha3, terminationInquiryOf } from './match-pro-inquiry';
import { fieldMatchOf, matchResultOf, outcomeOf, soundex } from './match-pro-outcome';

const listed = (merchant: TerminatedMerchantMatch['merchant'], merchantMatch: TerminatedMerchantMatch['merchantMatch']): TerminatedMerchantMatch => ({ merchant, merchantMatch });

describe("reading MATCH Pro's answer", () => {
  it('reads M01 as EXACT, M02 as PHONETIC, and M00 or nothing as NONE', () => {
    expect(['M01', 'M02', 'M00', undefined, 'M99'].map(fieldMatchOf)).toEqual(['EXACT', 'PHONETIC', 'NONE', 'NONE', 'NONE']);
  });

  it('calls any exact field a Match, phonetic or close fields alone a Possible Match, and nothing listed No Match', () => {
    expect(matchResultOf([])).toBe('No Match');
    expect(matchResultOf([listed({}, { name: 'M02', principalMatches: [{ name: 'M02' }] })])).toBe('Possible Match');
    expect(matchResultOf([listed({ urlGroups: [{ closeMatchUrls: { urls: ['www.a.example'] } }] }, {})])).toBe('Possible Match');
    expect(matchResultOf([listed({}, { name: 'M00', principalMatches: [{ phoneNumber: 'M01' }] })])).toBe('Match');
  });

  it("gives an owner the codes of the listed principal whose names sound like the owner's, and reads MATCH's older dates", () => {
    const match = listed(
      { name: 'OTHER NAME', reasonCode: '13', addedByAcquirerId: '4242', dateClosed: '07/04/2021', principals: [{ firstName: 'ERIC', lastName: 'NGUYEN' }, { firstName: 'DAVYD', lastName: 'SMYTHE' }], urlGroups: [{ closeMatchUrls: { urls: ['x.example'] } }] },
      { name: 'M00', altPhoneNumber: 'M01', principalMatches: [{ name: 'M00' }, { name: 'M02', address: 'M01', altPhoneNumber: 'M01' }] },
    );
    const outcome = outcomeOf({ business: sampleBusiness(), icas: ['1996'], ref: 'R1', matches: [match] });
    expect(outcome.merchant).toEqual({
      name: 'NONE',
      doingBusinessAs: 'NONE',
      address: 'NONE',
      phone: 'EXACT',
      url: 'PHONETIC',
      terminatedMerchant: { name: 'OTHER NAME', terminationReasonCode: '13', terminationReason: 'MATCH reason code 13', terminationDate: '2021-07-04', addedByIca: '4242' },
    });
    expect(outcome.principals.map(({ ownerId, name, address, phone }) => [ownerId, name, address, phone])).toEqual([
      ['own-1', 'PHONETIC', 'EXACT', 'EXACT'],
      ['own-2', 'NONE', 'NONE', 'NONE'],
    ]);
    expect([soundex('Smith'), soundex('SMYTHE'), soundex('Ashcraft'), soundex('')]).toEqual(['S530', 'S530', 'A261', '']);
  });
});

describe('making the inquiry', () => {
  it('sends MATCH alpha-3 countries and at most five principals, leaving out what the business lacks', () => {
    expect(['US', 'united states', null, 'Canada', 'MEX'].map(alpha3)).toEqual(['USA', 'USA', 'USA', 'CAN', 'MEX']);
    const owner = sampleBusiness().owners[1];
    const business = { ...sampleBusiness(), mobile: null, officialWebsite: null, addressLine1: null, owners: Array.from({ length: 7 }, (_, i) => ({ ...owner, id: `own-${i}` })) };
    const merchant = terminationInquiryOf(business, '1996', { regions: ['A'], countries: ['USA'] }).terminationInquiryRequest.merchant;
    expect(merchant).toEqual({
      name: 'Bluewater Bait Shop LLC',
      principals: Array.from({ length: 5 }, () => ({ firstName: 'Maria', lastName: 'Lopez' })),
      searchCriteria: { searchAll: 'N', region: ['A'], country: ['USA'], minPossibleMatchCount: '1' },
    });
  });
});
