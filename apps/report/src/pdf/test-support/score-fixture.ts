/** Score and monitoring fixtures for the PDF renderer's tests: a score of 712 with its factors and reasons, and two alerts. */
import type { ReportData, ReportScore } from '../report-data';

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
