/*
 * The bench's own inputs: a business with every score input present and a full 360 report. Typed
 * from the functions the areas export publicly (their `area-module.ts`, see area-exports.ts), so
 * the bench needs no app internals and no test fixtures.
 */
import type { AreaExports } from './area-exports';

/** What `computeScore` reads. */
export type BenchScoreInputs = Parameters<AreaExports['computeScore']>[1];
/** What `computeScore` answers. */
export type BenchComputedScore = ReturnType<AreaExports['computeScore']>;
/** What `renderBusinessReport` draws. */
export type BenchReportData = Parameters<AreaExports['renderBusinessReport']>[0];
type BenchStatement = NonNullable<BenchScoreInputs['financials']>['statements'][number];

const AS_OF = new Date('2025-06-30T00:00:00.000Z');

function statement(year: number, revenue: number, netIncome: number): BenchStatement {
  return {
    year,
    revenue,
    costOfGoodsSold: revenue * 0.55,
    operatingExpenses: revenue * 0.35,
    interestExpense: 18_000,
    depreciation: 30_000,
    netIncome,
    totalAssets: 1_200_000,
    currentAssets: 420_000,
    cash: 160_000,
    receivables: 120_000,
    inventory: 90_000,
    totalLiabilities: 700_000,
    currentLiabilities: 280_000,
    equity: 500_000,
    operatingCashFlow: 130_000,
  };
}

/** A business with every input the default weighting reads: all fourteen factors compute. */
export function fullScoreInputs(): BenchScoreInputs {
  return {
    asOf: AS_OF,
    publicRecords: { averageRating: 4.2, reviewCount: 310, complaintCount: 3 },
    bjl: [
      { kind: 'LIEN', filingDate: new Date('2024-02-12T00:00:00.000Z'), status: 'active', amount: 12_500 },
      { kind: 'JUDGEMENT', filingDate: new Date('2022-09-01T00:00:00.000Z'), status: 'satisfied', amount: 7_300 },
      { kind: 'BANKRUPTCY', filingDate: new Date('2017-03-20T00:00:00.000Z'), status: 'discharged', amount: null },
    ],
    financials: { statements: [statement(2023, 1_150_000, 48_000), statement(2024, 1_290_000, 71_000)] },
    creditBureau: { score: 78, delinquentAccounts: 1 },
  };
}

/** The report's score section, taken from a computed score as the report area shows one. */
function reportScore(computed: BenchComputedScore): NonNullable<BenchReportData['score']> {
  return {
    id: '0c9a7f52-6d1e-4b38-9f04-5e2a1b7c3d90',
    weightedScore850: Math.round(Number(computed.weighted_score_850)),
    weightedScore100: Number(computed.weighted_score_100),
    riskLevel: computed.risk_level,
    decision: computed.score_decision,
    version: computed.version,
    configId: computed.score_weightage_config,
    generatedAt: AS_OF,
    categories: computed.score_distribution.map((c) => ({ code: c.code, label: c.label, weight: c.total_weightage, score100: Number(c.score_100) })),
    factors: computed.score_distribution.flatMap((c) =>
      // The computed score names no inputs: the values are printed bare, as for a config that states no units.
      c.factors.map((f) => ({ categoryCode: c.code, code: f.code, label: f.label, value: f.value, score100: f.score_100, weight: f.weightage, status: f.status, valueKind: null, unit: null })),
    ),
    reasonCodes: [
      { code: 'R07', reason: 'Business credit bureau score, less delinquent accounts, is 68 of 100', pointsLost850: 41.2 },
      { code: 'R01', reason: 'Active liens and judgements total USD 12,500', pointsLost850: 18.75 },
      { code: 'R09', reason: 'Total liabilities are 1.4 times equity', pointsLost850: 9.9 },
      { code: 'R02', reason: 'Average review rating is 4.2 of 5', pointsLost850: 6.6 },
    ],
    change: {
      period: '2025-05',
      weightedScore850: Math.round(Number(computed.weighted_score_850)) - 24,
      riskLevel: 'MODERATE',
      decision: 'FURTHER_REVIEW_NEEDED',
      change850: 24,
      factors: [
        { code: 'CREDIT_BUREAU_AI_PLACEHOLDER', label: 'Credit Bureau', change850: 16.5 },
        { code: 'JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER', label: 'Judgements and Liens', change850: 7.5 },
      ],
    },
  };
}

/** A complete report (masked TIN and SSNs, owners, verification, classification, records, facts and the score). */
export function fullReportData(computed: BenchComputedScore): BenchReportData {
  return {
    reportId: 'rpt-bench-0001',
    generatedAt: AS_OF,
    business: {
      id: '9d3e5b7a-2c4f-4a1e-8b6d-7f0e1c2a3b4c',
      name: 'Northwind Precision Tools Inc.',
      tin: 'XXXXX2468',
      externalId: 'BENCH-NW-7',
      mobile: '+1 312-555-0187',
      officialWebsite: 'https://www.northwind-tools.example.com',
      address: '1200 West Fulton Market, Chicago, IL 60607, US',
      createdAt: new Date('2024-09-15T13:20:00.000Z'),
    },
    verification: {
      status: 'VERIFIED',
      verifiedAt: new Date('2025-06-28T09:00:00.000Z'),
      statusChangedAt: new Date('2025-06-28T09:00:00.000Z'),
      checks: [
        { code: 'TIN_MATCH', result: 'PASS', reason: 'The TIN matched the legal name' },
        { code: 'SOS_FILING', result: 'PASS', reason: 'Active filing in IL under the same name' },
        { code: 'ADDRESS', result: 'PASS', reason: 'The address is deliverable' },
        { code: 'OFFICERS', result: 'UNAVAILABLE', reason: 'The filing lists no officers' },
      ],
    },
    classification: {
      naics: { code: '333517', title: 'Machine Tool Manufacturing', source: 'client' },
      mcc: { code: '5251', title: 'Hardware Stores', source: 'provider' },
      industry: 'Manufacturing',
      provider: 'sandbox',
      classifiedAt: new Date('2025-06-28T09:01:00.000Z'),
    },
    owners: [
      { firstName: 'Priya', lastName: 'Raman', ownerType: 'CONTROL', ownershipPercentage: 55, ssn: 'XXXXX1357', city: 'Chicago', state: 'IL' },
      { firstName: 'Tomas', lastName: 'Lindqvist', ownerType: 'BENEFICIARY', ownershipPercentage: 45, ssn: 'XXXXX9753', city: 'Evanston', state: 'IL' },
    ],
    publicRecords: {
      numberOfLiens: 1,
      mostRecentLienStatus: 'OPEN',
      numberOfBankruptcies: 1,
      numberOfJudgements: 1,
      corporateFilingName: 'NORTHWIND PRECISION TOOLS INC.',
      corporateFilingDate: '2011-04-06T00:00:00.000Z',
      incorporationState: 'IL',
      corporationType: 'Corporation',
      secretaryOfStateStatus: 'ACTIVE',
      averageRating: '4.2',
      reviews: [
        { source: 'Google', count: 220, percentage: '71.0' },
        { source: 'Yelp', count: 90, percentage: '29.0' },
      ],
      complaintCount: 3,
      numberOfEmployees: '120',
      fetchedAt: new Date('2025-06-28T08:55:00.000Z'),
    },
    facts: {
      bankruptcies: { count: 1, mostRecent: '2017-03-20T00:00:00.000Z', mostRecentStatus: 'DISCHARGED', mostRecentAmount: null },
      liens: { count: 1, mostRecent: '2024-02-12T00:00:00.000Z', mostRecentStatus: 'OPEN', mostRecentAmount: 12_500, totalOpenAmount: 12_500 },
      judgements: { count: 1, mostRecent: '2022-09-01T00:00:00.000Z', mostRecentStatus: 'SATISFIED', mostRecentAmount: 7_300 },
    },
    score: reportScore(computed),
    alerts: [
      { rule: 'NEW_LIEN', severity: 'HIGH', status: 'OPEN', title: 'New lien', summary: 'A lien filed 2024-02-12 (amount 12500) appeared in the public records.', createdAt: AS_OF },
      { rule: 'SCORE_CHANGED', severity: 'LOW', status: 'RESOLVED', title: 'Score rose', summary: 'The 850 score rose by 24 points.', createdAt: AS_OF },
    ],
  };
}
