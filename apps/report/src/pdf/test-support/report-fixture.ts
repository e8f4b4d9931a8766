/**
 * Report data fixtures for the PDF renderer's tests. Sensitive values are masked as the report
 * worker delivers them; no unmasked TIN or SSN exists anywhere in these fixtures.
 */
import { ReportData, ReportScore } from '../report-data';
import { buildMatch, buildStressMatch } from './match-fixture';

/** The five category codes of contract 2.8, with their labels. */
export const CATEGORIES = [
  { code: 'PUBLIC_RECORDS', label: 'Public Records', weight: 25, score100: 81.5 },
  { code: 'BUSINESS_OPERATIONS', label: 'Business Operations', weight: 20, score100: 64.2 },
  { code: 'COMPANY_PROFILE', label: 'Company Profile', weight: 20, score100: 88 },
  { code: 'FINANCIAL_TRENDS', label: 'Financial Trends', weight: 20, score100: 38.4 },
  { code: 'PERFORMANCE_MEASURES', label: 'Performance Measures', weight: 15, score100: null },
];

/** A score of 712 (LOW / APPROVE) with factors from every category. */
export function buildScore(factorCount?: number): ReportScore {
  const base: ReportScore['factors'] = [
    { categoryCode: 'PUBLIC_RECORDS', code: 'JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER', label: 'Judgements and Liens', value: 361054.24, score100: 70, weight: 40, status: 'SUCCESS', valueKind: 'usd', unit: 'total USD of active liens and judgements' },
    { categoryCode: 'PUBLIC_RECORDS', code: 'SOCIAL_REVIEWS_AI_PLACEHOLDER', label: 'Social Reviews', value: 4.3, score100: 86, weight: 30, status: 'SUCCESS', valueKind: 'stars', unit: 'average review rating, stars 0..5' },
    { categoryCode: 'PUBLIC_RECORDS', code: 'BANKRUPTCIES_AI_PLACEHOLDER', label: 'Bankruptcies', value: 10, score100: 100, weight: 30, status: 'SUCCESS', valueKind: 'years', unit: 'years since the most recent bankruptcy (10 = none)' },
    { categoryCode: 'BUSINESS_OPERATIONS', code: 'BALANCE_SHEET_AI_PLACEHOLDER', label: 'Balance Sheet', value: 1.8, score100: 64.2, weight: 34, status: 'SUCCESS', valueKind: 'ratio', unit: 'equity / total assets, ratio' },
    // A score whose config states no unit for the factor: its value is printed bare.
    { categoryCode: 'COMPANY_PROFILE', code: 'CREDIT_BUREAU_AI_PLACEHOLDER', label: 'Credit Bureau', value: 742, score100: 88, weight: 100, status: 'SUCCESS', valueKind: null, unit: null },
    { categoryCode: 'FINANCIAL_TRENDS', code: 'LIQUIDITY_RATIOS_AI_PLACEHOLDER', label: 'Liquidity Ratios', value: 0.62, score100: 38.4, weight: 25, status: 'SUCCESS', valueKind: 'ratio', unit: 'current ratio: current assets / current liabilities' },
    { categoryCode: 'FINANCIAL_TRENDS', code: 'SOLVENCY_RATIOS_AI_PLACEHOLDER', label: 'Solvency Ratio', value: 10, score100: 38.4, weight: 25, status: 'SUCCESS', valueKind: 'ratio', unit: 'debt-to-equity: total liabilities / equity, ratio (10 = equity \u2264 0)' },
    { categoryCode: 'PERFORMANCE_MEASURES', code: 'PROFITABILITY_RATIOS_AI_PLACEHOLDER', label: 'Profitability Ratios', value: null, score100: null, weight: 34, status: 'NO_DATA', valueKind: 'percent', unit: 'return on assets: net income / total assets, %' },
  ];
  const factors =
    factorCount === undefined
      ? base
      : Array.from({ length: factorCount }, (_, i) => ({
          ...base[i % base.length],
          code: `FACTOR_${i + 1}`,
          label: `Generated factor number ${i + 1}`,
        }));
  return {
    id: '5b8e1c2a-0d4f-4e7a-b1c3-aa00bb11cc22',
    weightedScore850: 712,
    weightedScore100: 75.1,
    riskLevel: 'LOW',
    decision: 'APPROVE',
    version: '2.2',
    configId: 'c0f1e2d3-a4b5-4c6d-8e7f-a1b2c3d4e5f6',
    generatedAt: new Date('2025-03-14T09:12:00.000Z'),
    categories: CATEGORIES.map((c) => ({ ...c })),
    factors,
    change: {
      period: '2025-02',
      weightedScore850: 651.5,
      riskLevel: 'MODERATE',
      decision: 'FURTHER_REVIEW_NEEDED',
      change850: 60.5,
      factors: [
        { code: 'JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER', label: 'Judgements and Liens', change850: 41.25 },
        { code: 'CREDIT_BUREAU_AI_PLACEHOLDER', label: 'Credit Bureau', change850: -7.5 },
      ],
    },
    reasonCodes: [
      { code: 'R01', reason: 'Active liens and judgements total USD 4,445', pointsLost850: 38.75 },
      { code: 'R09', reason: 'Total liabilities are 1.8 times equity', pointsLost850: 12.1 },
    ],
  };
}

/** Two alerts monitoring raised: a new lien (open) and a score drop (resolved). */
export function buildAlerts(): ReportData['alerts'] {
  return [
    { rule: 'NEW_LIEN', severity: 'HIGH', status: 'OPEN', title: 'New lien', summary: 'A lien of USD 4,445 was filed on 2025-03-01', createdAt: new Date('2025-03-12T10:20:00.000Z') },
    { rule: 'SCORE_CHANGED', severity: 'MEDIUM', status: 'RESOLVED', title: 'Score fell 61 points', summary: 'The 850 score moved from 712 to 651', createdAt: new Date('2025-02-12T10:20:00.000Z') },
  ];
}

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

/**
 * Two sanctions hits: the owner Jane Holloway on the SDN list through a strong aka (confirmed), and
 * the legal name on the Consolidated list (open).
 */
export function buildSanctions(): NonNullable<ReportData['sanctions']> {
  return {
    hits: [
      {
        id: '0c8a2d1e-5b4f-4e3a-9c2d-1f0e9d8c7b6a',
        subject: { role: 'owner', name: 'Jane Holloway' },
        list: 'ofac-sdn',
        listVersion: 'sdn-2025-03-10',
        entryId: '36512',
        entryName: 'HOLLOWAY, Janet Marie',
        entryType: 'individual',
        programs: ['SDGT', 'IRAN-EO13902'],
        matchedName: 'HOLLOWAY, Jane',
        alias: { kind: 'aka', strength: 'strong' },
        score: 0.9412,
        status: 'CONFIRMED',
        reason: "'Jane Holloway' matched the strong a.k.a. 'HOLLOWAY, Jane' of entry 36512 on ofac-sdn; the date of birth is the same.",
        reviewedAt: new Date('2025-03-13T15:00:00.000Z'),
        foundAt: new Date('2025-03-12T10:17:00.000Z'),
      },
      {
        id: '1d9b3e2f-6c5a-4f4b-8d3e-2a1f0e9d8c7b',
        subject: { role: 'legal_name', name: 'Acme Industrial Supply LLC' },
        list: 'ofac-consolidated',
        listVersion: 'cons-2025-03-10',
        entryId: '29876',
        entryName: 'ACME INDUSTRIAL SUPPLIES FZE',
        entryType: 'entity',
        programs: ['NS-PLC'],
        matchedName: 'ACME INDUSTRIAL SUPPLIES FZE',
        alias: null,
        score: 0.885,
        status: 'OPEN',
        reason: "Every word of 'Acme Industrial Supply' matched the listed name 'ACME INDUSTRIAL SUPPLIES FZE' (supply ~ supplies); legal forms ignored.",
        reviewedAt: null,
        foundAt: new Date('2025-03-12T10:17:00.000Z'),
      },
    ],
    confirmedCount: 1,
    openCount: 1,
    erasedOwnerHits: 0,
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
    ...overrides,
  };
}

/**
 * A report built to break layouts: very long unbroken strings, characters the standard fonts
 * cannot show, nulls everywhere they are allowed, many owners and reviews.
 */
export function buildStressReportData(): ReportData {
  const full = buildReportData();
  const long = 'Very Long Business Name Holdings International '.repeat(8).trim();
  return {
    ...full,
    reportId: `rpt-${'abcdef-'.repeat(20)}end`,
    business: {
      ...full.business,
      name: `${long} \u00c9tude & Zo\u00eb \u682a\u5f0f\u4f1a\u793e\nNewline\tTab`,
      tin: null,
      externalId: `EXT-${'X'.repeat(220)}`,
      mobile: null,
      officialWebsite: `https://example.com/${'a'.repeat(300)}`,
      address: null,
      createdAt: new Date('invalid'),
    },
    verification: {
      status: 'UNVERIFIED',
      verifiedAt: new Date('invalid'),
      statusChangedAt: new Date('invalid'),
      checks: Array.from({ length: 12 }, (_, i) => ({
        code: i % 3 === 0 ? `UNKNOWN_CHECK_${'X'.repeat(i * 10)}` : 'TIN_MATCH',
        result: i % 2 === 0 ? 'FAIL' : 'SOMETHING_ELSE',
        reason: `${'A reason that goes on and on '.repeat(i + 1)}\u682a\nend`,
      })),
    },
    classification: { naics: { code: '999999', title: null, source: 'provider' }, mcc: null, industry: null, provider: null, classifiedAt: null },
    owners: Array.from({ length: 30 }, (_, i) => ({
      firstName: i % 5 === 0 ? '' : `Owner${i} ${'Middlename '.repeat(i % 4)}`,
      lastName: i % 7 === 0 ? 'Q' : `Lastname-${'x'.repeat(i * 3)}`,
      ownerType: i % 2 === 0 ? ('CONTROL' as const) : ('BENEFICIARY' as const),
      ownershipPercentage: i % 3 === 0 ? null : 3.33,
      ssn: i % 4 === 0 ? null : 'XXXXX1111',
      city: i % 6 === 0 ? null : 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
      state: null,
    })),
    publicRecords: {
      ...(full.publicRecords as NonNullable<ReportData['publicRecords']>),
      mostRecentLienStatus: null,
      corporateFilingName: null,
      corporateFilingDate: 'not-a-date',
      incorporationState: null,
      corporationType: null,
      secretaryOfStateStatus: null,
      averageRating: '',
      numberOfEmployees: 'N/A',
      reviews: Array.from({ length: 25 }, (_, i) => ({ source: `Source ${i} ${'long '.repeat(i)}`, count: i, percentage: 'N/A' })),
    },
    facts: {
      bankruptcies: { count: 2, mostRecent: null, mostRecentStatus: null, mostRecentAmount: null },
      liens: { count: 0, mostRecent: null, mostRecentStatus: null, mostRecentAmount: null, totalOpenAmount: 0 },
      judgements: { count: 0, mostRecent: null, mostRecentStatus: null, mostRecentAmount: null },
    },
    score: {
      ...buildScore(60),
      weightedScore850: 1020,
      riskLevel: 'SOMETHING_UNEXPECTED_AND_VERY_LONG_RISK_LEVEL_NAME_THAT_KEEPS_GOING',
      decision: 'FURTHER_REVIEW_NEEDED_AND_A_VERY_LONG_SUFFIX_THAT_DOES_NOT_FIT_ANYWHERE',
      categories: [
        ...CATEGORIES.map((c) => ({ ...c })),
        { code: 'EXTRA', label: `An extra category with a label far too long ${'to fit '.repeat(10)}`, weight: 0, score100: 150 },
        { code: 'NEG', label: 'Negative', weight: 0, score100: -20 },
      ],
      reasonCodes: [{ code: 'R99', reason: `A reason far too long to fit on one line ${'and then some '.repeat(20)}`, pointsLost850: 1e9 }],
    },
    alerts: Array.from({ length: 12 }, (_, i) => ({
      rule: `RULE_${i}_${'X'.repeat(i * 5)}`,
      severity: i % 2 ? 'HIGH' : 'UNHEARD_OF',
      status: 'OPEN',
      title: `Alert ${i} ${'long '.repeat(i)}`,
      summary: `Summary ${'very long '.repeat(i * 3)}`,
      createdAt: new Date(Number.NaN),
    })),
    sanctions: {
      hits: Array.from({ length: 25 }, (_, i) => ({
        ...buildSanctions().hits[i % 2],
        id: `hit-${i}`,
        subject: i % 3 === 0 ? { role: 'dba' as const, name: null } : i % 3 === 1 ? { role: 'owner' as const, name: null } : { role: 'legal_name' as const, name: `${long} \u682a` },
        entryName: `${'LISTED NAME '.repeat(i + 1)}\u0627\u0644`,
        programs: i % 4 === 0 ? [] : Array.from({ length: i }, (_, p) => `PROGRAM-${p}`),
        score: i % 5 === 0 ? Number.NaN : 1 - i / 100,
        reason: `${'A reason that keeps quoting names '.repeat(i + 2)}\nend`,
        reviewedAt: new Date('invalid'),
        foundAt: new Date('invalid'),
      })),
      confirmedCount: 20,
      openCount: 17,
      erasedOwnerHits: 2,
    },
    match: buildStressMatch(long),
  };
}
