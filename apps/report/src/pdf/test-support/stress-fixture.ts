/** A report built to break the renderer's layouts, for its tests. */
import type { ReportData } from '../report-data';
import { buildStressDecision } from './decision-fixture';
import { buildStressMatch } from './match-fixture';
import { buildReportData } from './report-fixture';
import { buildSanctions } from './sanctions-fixture';
import { CATEGORIES, buildScore } from './score-fixture';

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
    decision: buildStressDecision(long),
  };
}
