import { ProviderError } from '../providers.errors';
import type { AddressCheckResult, PostalAddress } from '../verification.providers';
import { VendorCallError } from '../vendor-http';
import { SMARTY_API_VERSION, SMARTY_CANDIDATES, SMARTY_MAX_BODY_BYTES, SMARTY_MAX_LOOKUPS, type SmartyCandidate, type SmartyLookup } from './smarty-street.api';

/** The address the adapter checks. */
export type SmartyAddress = PostalAddress;

/** What the adapter answers: an `AddressCheckResult` with every field filled. */
export type SmartyAddressCheck = Required<AddressCheckResult>;

/** Countries the US Street API serves: the United States, and Puerto Rico (its `urbanization` field). */
const SERVED_COUNTRIES = new Set(['US', 'USA', 'UNITED STATES', 'UNITED STATES OF AMERICA', 'PR', 'PUERTO RICO']);

/**
 * The DPV match codes Smarty calls a valid address ("Values of Y, S, or D indicate a valid
 * address"): Y confirmed; S confirmed once the secondary (suite) given was dropped; D confirmed,
 * the building needing a secondary that was not given. N (not confirmed) and blank (not submitted
 * to DPV) are not deliverable. `dpvMatch` keeps the code, for a rule stricter than Smarty's.
 */
const DELIVERABLE_DPV = new Set(['Y', 'S', 'D']);

const blankToUndefined = (value: string | null) => (value === null || value.trim() === '' ? undefined : value.trim());

/**
 * The lookup for an address: its street line, city, state and ZIP, strict matching, and room for a
 * second candidate. Refuses (permanently) what the API cannot check: no street line, or an address
 * outside the countries it serves; nothing of the address is in the message.
 */
export function lookupOf(address: SmartyAddress): SmartyLookup {
  const country = blankToUndefined(address.country)?.toUpperCase();
  if (country !== undefined && !SERVED_COUNTRIES.has(country)) {
    throw new ProviderError('Smarty checks United States addresses only', { transient: false });
  }
  const street = blankToUndefined(address.line1);
  if (street === undefined) throw new ProviderError('Smarty cannot check an address without a street line', { transient: false });
  const lookup: SmartyLookup = { street, candidates: SMARTY_CANDIDATES, match: 'strict' };
  const city = blankToUndefined(address.city);
  const state = blankToUndefined(address.state);
  const zipcode = blankToUndefined(address.postalCode);
  if (city !== undefined) lookup.city = city;
  if (state !== undefined) lookup.state = state;
  if (zipcode !== undefined) lookup.zipcode = zipcode;
  return lookup;
}

/** `Y` true, `N` false, anything else (absent, blank) unknown. */
const flag = (value: string | undefined) => (value === 'Y' ? true : value === 'N' ? false : null);

/** `metadata.rdi`: Residential true, Commercial false, anything else unknown. */
const residentialOf = (rdi: string | undefined) => (rdi === 'Residential' ? true : rdi === 'Commercial' ? false : null);

/**
 * The check from one lookup's candidates: none (strict matching found no valid address) or more
 * than one (the input fits several delivery points, none confirmed as the one meant) is not
 * deliverable; one is read from its DPV code, RDI, CMRA and vacancy flags.
 */
export function checkOf(candidates: readonly SmartyCandidate[], raw: string): SmartyAddressCheck {
  const trace = { adapter: 'smarty', version: SMARTY_API_VERSION, raw };
  if (candidates.length !== 1) return { deliverable: false, dpvMatch: null, residential: null, cmra: null, vacant: null, trace };
  const [{ metadata, analysis }] = candidates;
  const dpvMatch = analysis?.dpv_match_code?.trim() || null;
  return {
    deliverable: dpvMatch !== null && DELIVERABLE_DPV.has(dpvMatch),
    dpvMatch,
    residential: residentialOf(metadata?.rdi),
    cmra: flag(analysis?.dpv_cmra),
    vacant: flag(analysis?.dpv_vacant),
    trace,
  };
}

/** The answer's candidates grouped by lookup; an answer that is not such a list fails transient. */
export function candidatesByLookup(body: unknown, lookups: number, status: number): SmartyCandidate[][] {
  const groups: SmartyCandidate[][] = Array.from({ length: lookups }, () => []);
  const inRange = (index: unknown) => Number.isInteger(index) && (index as number) >= 0 && (index as number) < lookups;
  const readable = Array.isArray(body) && body.every((c: Partial<SmartyCandidate> | null) => typeof c === 'object' && c !== null && inRange(c.input_index));
  if (!readable) throw new VendorCallError(`Smarty answered a body that is not a list of candidates (HTTP ${status})`, { transient: true, status });
  for (const candidate of body as SmartyCandidate[]) groups[candidate.input_index].push(candidate);
  return groups;
}

/** Lookups in POST-sized batches: at most 100 each, and a JSON body under Smarty's size limit. */
export function batchesOf(lookups: readonly SmartyLookup[]): SmartyLookup[][] {
  const batches: SmartyLookup[][] = [];
  let batch: SmartyLookup[] = [];
  let bytes = 2; // the array's brackets
  for (const lookup of lookups) {
    const size = Buffer.byteLength(JSON.stringify(lookup)) + 1; // and its comma
    if (batch.length > 0 && (batch.length === SMARTY_MAX_LOOKUPS || bytes + size > SMARTY_MAX_BODY_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 2;
    }
    batch.push(lookup);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
