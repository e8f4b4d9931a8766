/**
 * The industry code lists (NAICS and ISO 18245 merchant category codes), the sectors that are the
 * suite's industries, and our crosswalk from NAICS to MCC.
 * @packageDocumentation
 */
export { merchantCategoryCode, merchantCategoryCodes, NAICS_EDITION, naicsCode, nationalIndustries } from './code-lists';
export type { MerchantCategoryCode, NaicsCode } from './code-lists';
export { findIndustry, INDUSTRIES, industryOfNaics } from './sectors';
export type { Industry } from './sectors';
export { crosswalkEntries, mccForNaics } from './naics-to-mcc';
export { normaliseCode } from './normalise';
