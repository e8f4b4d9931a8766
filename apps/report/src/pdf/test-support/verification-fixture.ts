/** Verification and classification fixtures for the PDF renderer's tests. */
import type { ReportData } from '../report-data';

/** A VERIFIED business whose address check failed and whose officers could not be checked. */
export function buildVerification(): NonNullable<ReportData['verification']> {
  return {
    status: 'VERIFIED',
    verifiedAt: new Date('2025-03-12T10:15:00.000Z'),
    statusChangedAt: new Date('2025-03-01T08:00:00.000Z'),
    checks: [
      { code: 'TIN_MATCH', result: 'PASS', reason: 'The IRS TIN match confirmed the legal name' },
      { code: 'SOS_FILING', result: 'PASS', reason: 'Active filing in DE under the same name' },
      { code: 'ADDRESS', result: 'FAIL', reason: 'The address is not deliverable' },
      { code: 'OFFICERS', result: 'UNAVAILABLE', reason: 'The filing lists no officers' },
    ],
  };
}

/** The client's NAICS code and the provider's MCC. */
export function buildClassification(): NonNullable<ReportData['classification']> {
  return {
    naics: { code: '423840', title: 'Industrial Supplies Merchant Wholesalers', source: 'client' },
    mcc: { code: '5085', title: 'Industrial Supplies', source: 'provider' },
    industry: 'Wholesale Trade',
    provider: 'sandbox',
    classifiedAt: new Date('2025-03-12T10:16:00.000Z'),
  };
}
