import { DEFAULT_WEIGHTAGE_CONFIG } from './default-weightage-config';
import type { WeightageConfig } from './weightage-config-shape';

/**
 * Version 2.3: the weights, curves and cut-offs of 2.2, plus the verification rule: a business that
 * is not VERIFIED gets at best FURTHER_REVIEW_NEEDED. Seeded inactive (2.2 stays the default);
 * activating it is a data change (`is_active`), and scores made with 2.2 keep their results.
 */
export const VERIFICATION_WEIGHTAGE_CONFIG: WeightageConfig = {
  ...(JSON.parse(JSON.stringify(DEFAULT_WEIGHTAGE_CONFIG)) as WeightageConfig),
  id: '8e3d6c1a-4f2b-4d7e-b5a9-2c6e0f1d3b84',
  version: '2.3',
  verificationRule: { unverifiedDecisionCap: 'FURTHER_REVIEW_NEEDED' },
};
