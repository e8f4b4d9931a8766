import type { WeightageConfig } from './weightage-config-shape';

/**
 * Version 2.2 of the weighting, the default. Ids and labels follow the published sample (category
 * ids 2, 4, 5, 6, 8; factor ids 14..27). Curves give more risk a lower score; each flattens at its
 * ends, so values past the last point earn that point's score.
 */
export const DEFAULT_WEIGHTAGE_CONFIG: WeightageConfig = {
  id: '5b1c9f0e-2d4a-4e8b-9a61-0c7f3d2e8a22',
  version: '2.2',
  categories: [
    {
      id: 2, code: 'PUBLIC_RECORDS', label: 'Public Records', weight: 0.25,
      factors: [
        {
          id: 14, factorId: 14, code: 'JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER', label: 'Judgements and Liens',
          weight: 0.4, parentFactorId: null, input: 'ACTIVE_LIENS_AND_JUDGEMENTS_USD',
          curve: [[0, 100], [10000, 70], [50000, 40], [250000, 10], [1000000, 0]],
          unit: 'total USD of active liens and judgements',
        },
        {
          id: 15, factorId: 15, code: 'SOCIAL_REVIEWS_AI_PLACEHOLDER', label: 'Social Reviews',
          weight: 0.2, parentFactorId: null, input: 'AVERAGE_REVIEW_RATING',
          curve: [[0, 0], [1, 10], [2, 30], [3, 55], [4, 80], [5, 100]],
          unit: 'average review rating, stars 0..5',
        },
        {
          id: 16, factorId: 16, code: 'BANKRUPTCIES_AI_PLACEHOLDER', label: 'Bankruptcies',
          weight: 0.4, parentFactorId: null, input: 'YEARS_SINCE_BANKRUPTCY',
          curve: [[0, 0], [2, 30], [5, 65], [7, 85], [10, 100]],
          unit: 'years since the most recent bankruptcy (10 = none)',
        },
      ],
    },
    {
      id: 4, code: 'BUSINESS_OPERATIONS', label: 'Business Operations', weight: 0.25,
      factors: [
        {
          id: 27, factorId: 27, code: 'BALANCE_SHEET_AI_PLACEHOLDER', label: 'Balance Sheet',
          weight: 0.35, parentFactorId: null, input: 'EQUITY_TO_ASSETS',
          curve: [[-0.5, 0], [0, 15], [0.2, 50], [0.4, 80], [0.6, 100]],
          unit: 'equity / total assets, ratio',
        },
        {
          id: 25, factorId: 25, code: 'PROFIT_AND_LOSS_AI_PLACEHOLDER', label: 'Profit and Loss',
          weight: 0.35, parentFactorId: null, input: 'NET_MARGIN_PERCENT',
          curve: [[-20, 0], [0, 35], [5, 60], [10, 80], [20, 100]],
          unit: 'net margin, %',
        },
        {
          id: 26, factorId: 26, code: 'CASH_FLOW_AI_PLACEHOLDER', label: 'Cash Flow',
          weight: 0.3, parentFactorId: null, input: 'OPERATING_CASH_FLOW_TO_CURRENT_LIABILITIES',
          curve: [[-0.5, 0], [0, 25], [0.4, 60], [1, 90], [1.5, 100]],
          unit: 'operating cash flow / current liabilities, ratio',
        },
      ],
    },
    {
      id: 5, code: 'COMPANY_PROFILE', label: 'Company Profile', weight: 0.2,
      factors: [
        {
          id: 17, factorId: 17, code: 'CREDIT_BUREAU_AI_PLACEHOLDER', label: 'Credit Bureau',
          weight: 1, parentFactorId: null, input: 'CREDIT_BUREAU_ADJUSTED_SCORE',
          curve: [[0, 0], [100, 100]],
          unit: 'bureau score 0..100 less 10 per delinquent account',
        },
      ],
    },
    {
      id: 6, code: 'FINANCIAL_TRENDS', label: 'Financial Trends', weight: 0.15,
      factors: [
        {
          id: 21, factorId: 21, code: 'EFFICIENCY_RATIOS_AI_PLACEHOLDER', label: 'Efficiency Ratio',
          weight: 0.2, parentFactorId: null, input: 'ASSET_TURNOVER',
          curve: [[0, 0], [0.5, 40], [1, 70], [2, 100]],
          unit: 'asset turnover: revenue / total assets, ratio',
        },
        {
          id: 20, factorId: 20, code: 'SOLVENCY_RATIOS_AI_PLACEHOLDER', label: 'Solvency Ratio',
          weight: 0.3, parentFactorId: null, input: 'DEBT_TO_EQUITY',
          curve: [[0, 100], [1, 80], [2, 55], [4, 20], [10, 0]],
          unit: 'debt-to-equity: total liabilities / equity, ratio (10 = equity ≤ 0)',
        },
        {
          id: 18, factorId: 18, code: 'ECONOMICS_AI_PLACEHOLDER', label: 'Economics',
          weight: 0.2, parentFactorId: null, input: 'REVENUE_GROWTH_PERCENT',
          curve: [[-50, 0], [-10, 30], [0, 55], [10, 80], [25, 100]],
          unit: 'revenue growth year over year, %',
        },
        {
          id: 19, factorId: 19, code: 'LIQUIDITY_RATIOS_AI_PLACEHOLDER', label: 'Liquidity Ratios',
          weight: 0.3, parentFactorId: null, input: 'CURRENT_RATIO',
          curve: [[0, 0], [0.5, 20], [1, 50], [1.5, 75], [2, 90], [3, 100]],
          unit: 'current ratio: current assets / current liabilities',
        },
      ],
    },
    {
      id: 8, code: 'PERFORMANCE_MEASURES', label: 'Performance Measures', weight: 0.15,
      factors: [
        {
          id: 22, factorId: 22, code: 'PROFITABILITY_RATIOS_AI_PLACEHOLDER', label: 'Profitability Ratio',
          weight: 0.4, parentFactorId: null, input: 'RETURN_ON_ASSETS_PERCENT',
          curve: [[-10, 0], [0, 35], [5, 70], [10, 90], [15, 100]],
          unit: 'return on assets: net income / total assets, %',
        },
        {
          id: 23, factorId: 23, code: 'VALUATION_RATIOS_AI_PLACEHOLDER', label: 'Valuation Ratio',
          weight: 0.3, parentFactorId: null, input: 'INTEREST_COVERAGE',
          curve: [[0, 0], [1, 20], [1.5, 40], [3, 70], [6, 90], [10, 100]],
          unit: 'interest coverage: (net income + interest) / interest (20 = no interest)',
        },
        {
          id: 24, factorId: 24, code: 'FINANCIAL_RISKS_AI_PLACEHOLDER', label: 'Financial Risks',
          weight: 0.3, parentFactorId: null, input: 'QUICK_RATIO',
          curve: [[0, 0], [0.5, 30], [1, 70], [1.5, 90], [2, 100]],
          unit: 'quick ratio: (cash + receivables) / current liabilities',
        },
      ],
    },
  ],
  cutoffs: [
    { minScore850: 700, riskLevel: 'LOW', decision: 'APPROVE' },
    { minScore850: 550, riskLevel: 'MODERATE', decision: 'FURTHER_REVIEW_NEEDED' },
    { minScore850: 300, riskLevel: 'HIGH', decision: 'DECLINE' },
  ],
};
