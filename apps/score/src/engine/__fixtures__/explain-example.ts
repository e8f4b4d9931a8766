import type { ScoreSnapshot } from '../score-snapshot';
import type { WeightageConfig } from '../weightage-config-shape';
import { statement } from '../../test-support/score-fixtures';

/**
 * A small config whose arithmetic is done by hand in the tests: two categories of weight 0.5;
 * PUBLIC: LIENS (0.5, curve 0→100, 10,000→70, 50,000→40) and REVIEWS (0.5, 0→0, 5→100);
 * FIN: BUREAU (0.6, 0→0, 100→100) and GROWTH (0.4, −10→0, 10→100).
 */
export const EXAMPLE_CONFIG: WeightageConfig = {
  id: '6f1c1a52-3a8e-4c5e-9a43-0d5f7c2b9e11',
  version: 'test-1',
  categories: [
    {
      id: 1, code: 'PUBLIC_RECORDS', label: 'Public Records', weight: 0.5,
      factors: [
        { id: 1, factorId: 1, code: 'LIENS', label: 'Liens', weight: 0.5, parentFactorId: null, input: 'ACTIVE_LIENS_AND_JUDGEMENTS_USD', curve: [[0, 100], [10000, 70], [50000, 40]], unit: 'USD' },
        { id: 2, factorId: 2, code: 'REVIEWS', label: 'Reviews', weight: 0.5, parentFactorId: null, input: 'AVERAGE_REVIEW_RATING', curve: [[0, 0], [5, 100]], unit: 'stars' },
      ],
    },
    {
      id: 2, code: 'FINANCIAL_TRENDS', label: 'Financial Trends', weight: 0.5,
      factors: [
        { id: 3, factorId: 3, code: 'BUREAU', label: 'Bureau', weight: 0.6, parentFactorId: null, input: 'CREDIT_BUREAU_ADJUSTED_SCORE', curve: [[0, 0], [100, 100]], unit: 'score' },
        { id: 4, factorId: 4, code: 'GROWTH', label: 'Growth', weight: 0.4, parentFactorId: null, input: 'REVENUE_GROWTH_PERCENT', curve: [[-10, 0], [10, 100]], unit: '%' },
      ],
    },
  ],
  cutoffs: [
    { minScore850: 700, riskLevel: 'LOW', decision: 'APPROVE' },
    { minScore850: 550, riskLevel: 'MODERATE', decision: 'FURTHER_REVIEW_NEEDED' },
    { minScore850: 300, riskLevel: 'HIGH', decision: 'DECLINE' },
  ],
};

/**
 * Inputs: an active lien of USD 30,000 (L-1), a released one of 5,000 (L-2), a satisfied judgement
 * (J-1); rating 4 over 10 reviews; bureau 70 with 1 delinquent account (70 − 10 = 60); one year of
 * statements only, so GROWTH is MISSING_INPUT.
 */
export function exampleSnapshot(): ScoreSnapshot {
  return {
    format: 1,
    asOf: '2026-11-01T00:00:00.000Z',
    publicRecords: { averageRating: 4, reviewCount: 10, complaintCount: 0 },
    bjl: [
      { kind: 'LIEN', filingDate: '2025-01-01T00:00:00.000Z', status: 'active', amount: 30000, recordId: 'L-1' },
      { kind: 'LIEN', filingDate: '2024-01-01T00:00:00.000Z', status: 'released', amount: 5000, recordId: 'L-2' },
      { kind: 'JUDGEMENT', filingDate: '2023-01-01T00:00:00.000Z', status: 'satisfied', amount: 8000, recordId: 'J-1' },
    ],
    financials: { statements: [statement(2025)] },
    creditBureau: { score: 70, delinquentAccounts: 1 },
    verification: null,
    sources: {
      publicRecords: { provider: 'middesk', fetchedAt: '2026-10-30T08:00:00.000Z', taskId: '0b9f6a3e-8d7c-4d0a-a0d4-2f8a3b1c5e77' },
      financials: { provider: 'codat', fetchedAt: '2026-10-29T09:30:00.000Z' },
    },
    facts: { filingStatus: 'Active' },
  };
}
