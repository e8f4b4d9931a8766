/**
 * Report data fixtures for the PDF renderer's tests: a complete report, put together from each
 * section's fixture (score-, verification-, sanctions-, match- and decision-fixture.ts); the
 * report built to break layouts is in stress-fixture.ts. Sensitive values are masked as the report
 * worker delivers them; no unmasked TIN or SSN exists anywhere in these fixtures.
 */
import type { ReportData } from '../report-data';
import { buildDecision } from './decision-fixture';
import { buildMatch } from './match-fixture';
import { buildSanctions } from './sanctions-fixture';
import { buildAlerts, buildScore } from './score-fixture';
import { buildClassification, buildVerification } from './verification-fixture';

export { buildAlerts, buildScore, CATEGORIES } from './score-fixture';
export { buildSanctions } from './sanctions-fixture';
export { buildClassification, buildVerification } from './verification-fixture';

/** A complete report: two owners, verification, classification, public records, facts and a score. */
export function buildReportData(overrides: Partial<ReportData> = {}): ReportData {
  return {
    reportId: 'rpt-3f2a-4b1c-9d8e-acme',
    generatedAt: new Date('2025-03-14T09:30:00.000Z'),
    business: {
      id: 'b7d4c2e1-3a5f-4b6c-8d9e-f0a1b2c3d4e5',
      name: 'Acme Industrial Supply LLC',
      tin: 'XXXXX6789',
      externalId: 'EXT-ACME-42',
      mobile: '+1 415-555-0134',
      officialWebsite: 'https://www.acme-industrial.example.com',
      address: '500 Market Street, Suite 210, San Francisco, CA 94105, US',
      createdAt: new Date('2024-11-02T16:45:00.000Z'),
    },
    verification: buildVerification(),
    classification: buildClassification(),
    owners: [
      { firstName: 'Jane', lastName: 'Holloway', ownerType: 'CONTROL', ownershipPercentage: 60, ssn: 'XXXXX4321', city: 'San Francisco', state: 'CA' },
      { firstName: 'Marcus', lastName: 'Ortega', ownerType: 'BENEFICIARY', ownershipPercentage: 40, ssn: 'XXXXX8765', city: 'Oakland', state: 'CA' },
    ],
    publicRecords: {
      numberOfLiens: 3,
      mostRecentLienStatus: 'OPEN',
      numberOfBankruptcies: 0,
      numberOfJudgements: 1,
      corporateFilingName: 'ACME INDUSTRIAL SUPPLY LLC',
      corporateFilingDate: '2016-05-19T00:00:00.000Z',
      incorporationState: 'DE',
      corporationType: 'Limited Liability Company',
      secretaryOfStateStatus: 'ACTIVE',
      averageRating: '4.3',
      reviews: [
        { source: 'Google', count: 182, percentage: '61.5' },
        { source: 'Yelp', count: 94, percentage: '31.8' },
        { source: 'Better Business Bureau', count: 20, percentage: '6.7' },
      ],
      complaintCount: 4,
      numberOfEmployees: '85',
      fetchedAt: new Date('2025-03-13T22:05:00.000Z'),
    },
    facts: {
      bankruptcies: { count: 0, mostRecent: null, mostRecentStatus: null, mostRecentAmount: null },
      liens: { count: 3, mostRecent: '2024-08-21T00:00:00.000Z', mostRecentStatus: 'OPEN', mostRecentAmount: 12500, totalOpenAmount: 48250.75 },
      judgements: { count: 1, mostRecent: '2023-02-10T00:00:00.000Z', mostRecentStatus: 'SATISFIED', mostRecentAmount: 7300 },
    },
    score: buildScore(),
    alerts: buildAlerts(),
    sanctions: buildSanctions(),
    match: buildMatch(),
    decision: buildDecision(),
    ...overrides,
  };
}
