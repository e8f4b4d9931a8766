import { comparableName } from '../comparable-name';
import { ProviderError } from '../providers.errors';
import type { OpenCorporatesCompany } from './opencorporates.types';

/*
 * Which search result is the business. OpenCorporates ranks loosely (every company whose name has
 * the words), so the choice is ours and strict: only companies of the business's jurisdiction whose
 * name equals the legal name, compared first letter for letter (case, punctuation and spacing
 * aside), then, when none is, with the legal-form words aside too ("Acme" and "ACME, LLC"). The
 * name comparison is the verification checks' own (comparableName), so a chosen filing's name
 * passes it. Several equally good: the one OpenCorporates does not flag inactive, when it is
 * the only one; otherwise none is chosen and the caller is told it is ambiguous (a reviewer decides,
 * a "no filing" would be a false failure).
 */

const words = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** The name letter for letter: lower-case words, punctuation and spacing aside. */
export const exactName = (name: string): string => words(name).join(' ');

/** The name without its legal-form words (`llc`, `inc`, `the`...). */
export const nameWithoutLegalForm = comparableName;

/** The search's verdict: no company, the one company, or several equally good. */
export type CompanyChoice =
  | { kind: 'none' }
  | { kind: 'one'; company: OpenCorporatesCompany }
  | { kind: 'ambiguous'; count: number };

/** Chooses the business's company among a search's results (see above). */
export function chooseCompany(legalName: string, jurisdictionCode: string, companies: readonly OpenCorporatesCompany[]): CompanyChoice {
  const candidates = companies.filter((c) => c.jurisdiction_code === jurisdictionCode);
  for (const key of [exactName, nameWithoutLegalForm]) {
    const wanted = key(legalName);
    if (wanted === '') continue;
    const same = candidates.filter((c) => key(c.name) === wanted);
    const distinct = [...new Map(same.map((c) => [c.company_number, c])).values()];
    if (distinct.length === 0) continue;
    if (distinct.length === 1) return { kind: 'one', company: distinct[0] };
    const notInactive = distinct.filter((c) => c.inactive !== true);
    return notInactive.length === 1 ? { kind: 'one', company: notInactive[0] } : { kind: 'ambiguous', count: distinct.length };
  }
  return { kind: 'none' };
}

/**
 * OpenCorporates lists several companies of the jurisdiction that are equally good matches for the
 * business: none was chosen. Permanent (asking again answers the same); the check ends UNAVAILABLE.
 */
export class AmbiguousRegistryMatchError extends ProviderError {
  readonly candidates: number;
  readonly jurisdiction: string;
  constructor(candidates: number, jurisdiction: string) {
    super(`OpenCorporates lists ${candidates} companies in ${jurisdiction} whose names match the business's equally well, so none was chosen`, { transient: false });
    this.name = 'AmbiguousRegistryMatchError';
    this.candidates = candidates;
    this.jurisdiction = jurisdiction;
  }
}
