import { merchantCategoryCode, naicsCode } from '@kyb/industry-codes';
import { reportClassification, reportVerification } from './report-verification.loader';

const at = new Date('2026-11-20T08:00:00.000Z');
const provided = { businessId: 'b', naicsCode: '621210', mccCode: '8021', provider: 'sandbox', classifiedAt: at };

describe('reportClassification', () => {
  it("takes the client's codes over the provider's, each with its title, and the sector of the NAICS code", () => {
    const both = reportClassification({ naicsCode: '541511', mccCode: '7372' }, provided);
    expect(both).toEqual({
      naics: { code: '541511', title: naicsCode('541511')?.title, source: 'client' },
      mcc: { code: '7372', title: merchantCategoryCode('7372')?.title, source: 'client' },
      industry: 'Professional, Scientific, and Technical Services',
      provider: null,
      classifiedAt: null,
    });
    expect(both?.naics?.title).toEqual(expect.any(String));
  });

  it("falls back to the provider's code for each one the client did not send, and names the provider", () => {
    expect(reportClassification({ naicsCode: '541511', mccCode: null }, provided)).toMatchObject({
      naics: { code: '541511', source: 'client' },
      mcc: { code: '8021', title: merchantCategoryCode('8021')?.title, source: 'provider' },
      provider: 'sandbox',
      classifiedAt: at,
    });
    expect(reportClassification({ naicsCode: null, mccCode: null }, provided)).toMatchObject({
      naics: { code: '621210', source: 'provider' },
      industry: 'Health Care and Social Assistance',
    });
  });

  it('is null when neither the client nor a provider has a code, and keeps a code the list lacks without a title', () => {
    expect(reportClassification({ naicsCode: null, mccCode: null }, undefined)).toBeNull();
    expect(reportClassification({ naicsCode: '999999', mccCode: null }, undefined)).toMatchObject({ naics: { code: '999999', title: null }, industry: null });
  });
});

describe('reportVerification', () => {
  it('keeps the status, both dates and every check in order; null when never verified', () => {
    const checks = [
      { code: 'TIN_MATCH' as const, result: 'PASS' as const, reason: 'matched' },
      { code: 'ADDRESS' as const, result: 'FAIL' as const, reason: 'undeliverable' },
    ];
    expect(reportVerification({ businessId: 'b', status: 'UNVERIFIED', checks, verifiedAt: at, statusChangedAt: at })).toEqual({
      status: 'UNVERIFIED',
      verifiedAt: at,
      statusChangedAt: at,
      checks,
    });
    expect(reportVerification(undefined)).toBeNull();
  });
});
