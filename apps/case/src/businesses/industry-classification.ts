import {
  findIndustry,
  industryOfNaics,
  mccForNaics,
  merchantCategoryCode,
  NAICS_EDITION,
  naicsCode,
  normaliseCode,
  type Industry,
} from '@kyb/industry-codes';

/** Where a classification value of a business came from: sent by the client, or derived from the client's NAICS code. */
export type ClassificationSource = 'client' | 'derived' | null;

/** The classification a client's row gives a business, as stored. */
export interface ClientClassification {
  naics_code: string | null;
  naics_source: ClassificationSource;
  mcc_code: string | null;
  mcc_source: ClassificationSource;
  industry_id: number | null;
  industry_source: ClassificationSource;
}

/** A classification column the row gets wrong. */
export interface ClassificationProblem {
  column: 'naics_code' | 'mcc_code' | 'industry';
  value: unknown;
  reason: string;
}

/** An input row: its `naics_code`, `mcc_code` and `industry` as the client sent them (numbers or strings). */
export type ClassificationInput = Readonly<Record<string, unknown>>;

function naicsOf(value: unknown, problems: ClassificationProblem[]): string | null {
  if (value === undefined || value === null) return null;
  const code = normaliseCode(value, 'naics');
  if (code === undefined) problems.push({ column: 'naics_code', value, reason: 'NAICS Code must be a NAICS code of 2 to 6 digits.' });
  else if (!naicsCode(code)) problems.push({ column: 'naics_code', value, reason: `NAICS Code ${code} is not a code of the ${NAICS_EDITION} NAICS edition.` });
  else return code;
  return null;
}

function mccOf(value: unknown, problems: ClassificationProblem[]): string | null {
  if (value === undefined || value === null) return null;
  const code = normaliseCode(value, 'mcc');
  if (code === undefined) problems.push({ column: 'mcc_code', value, reason: 'MCC Code must be a merchant category code of up to 4 digits.' });
  else if (!merchantCategoryCode(code)) problems.push({ column: 'mcc_code', value, reason: `MCC Code ${code} is not an ISO 18245 merchant category code.` });
  else return code;
  return null;
}

function industryOf(value: unknown, problems: ClassificationProblem[]): Industry | null {
  if (value === undefined || value === null) return null;
  const found = typeof value === 'number' || typeof value === 'string' ? findIndustry(value) : undefined;
  if (!found) problems.push({ column: 'industry', value, reason: 'Industry must be an industry id, NAICS sector code, industry code or name.' });
  return found ?? null;
}

/**
 * Checks a row's NAICS code, MCC and industry against the code lists and derives what the client
 * left out from its own NAICS code: the MCC (our crosswalk) and the industry (the code's sector).
 * An industry that is not the NAICS code's sector is a problem, not silently corrected.
 */
export function classifyRow(row: ClassificationInput): { classification: ClientClassification; problems: ClassificationProblem[] } {
  const problems: ClassificationProblem[] = [];
  const naics = naicsOf(row.naics_code, problems);
  const mcc = mccOf(row.mcc_code, problems);
  const industry = industryOf(row.industry, problems);
  const sector = naics ? industryOfNaics(naics) : undefined;
  if (industry && sector && industry.id !== sector.id) {
    problems.push({
      column: 'industry',
      value: row.industry,
      reason: `Industry ${industry.name} contradicts NAICS code ${naics}, which is in ${sector.name} (sector ${sector.sectorCode}).`,
    });
  }
  const derivedMcc = !mcc && naics ? (mccForNaics(naics) ?? null) : null;
  const derivedIndustry = !industry && sector ? sector : null;
  return {
    classification: {
      naics_code: naics,
      naics_source: naics ? 'client' : null,
      mcc_code: mcc ?? derivedMcc,
      mcc_source: mcc ? 'client' : derivedMcc ? 'derived' : null,
      industry_id: (industry ?? derivedIndustry)?.id ?? null,
      industry_source: industry ? 'client' : derivedIndustry ? 'derived' : null,
    },
    problems,
  };
}
