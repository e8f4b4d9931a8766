import type { VerificationCheck, VerificationCheckCode } from '@kyb/area-views';
import type { BusinessProfile } from '../providers/business-profile';
import { comparableName } from '../providers/comparable-name';
import { ProviderError } from '../providers/providers.errors';
import type { StateFiling, TinMatchResult, VendorTrace, VerificationProviders } from '../providers/verification.providers';
import { addressVerdict, filingNote, irsCodeNote } from './vendor-check-details';

/** What the checks are run on: the business as providers see it, and a way to read its TIN (in memory only). */
export interface VerificationSubject {
  profile: BusinessProfile;
  /** The business's TIN (digits), null when it has none. Throws when it cannot be read. */
  readTin(): Promise<string | null>;
}

/** Told about a check that failed for a reason other than a provider's answer (a bug): no data, only the code. */
export type UnexpectedCheckError = (code: VerificationCheckCode, err: unknown) => void;

/**
 * Told of a real adapter's raw answer behind a check (the registry's answer serves SOS_FILING and
 * OFFICERS, and is told once, under SOS_FILING), so it can be kept beside the check it explains.
 */
export type CheckTraced = (code: VerificationCheckCode, trace: VendorTrace) => void;

const check = (code: VerificationCheckCode, result: VerificationCheck['result'], reason: string): VerificationCheck => ({ code, result, reason });

const unavailable = (code: VerificationCheckCode, what: string, err: unknown, onUnexpected: UnexpectedCheckError): VerificationCheck => {
  if (err instanceof ProviderError) {
    const when = err.transient ? 'it will be checked again with the next enrichment' : 'the provider refused the request';
    return check(code, 'UNAVAILABLE', `The ${what} could not answer (${err.message.replace(/\.$/, '')}); ${when}.`);
  }
  onUnexpected(code, err);
  return check(code, 'UNAVAILABLE', `The ${what} check failed unexpectedly; it will be checked again with the next enrichment.`);
};

async function tinCheck(subject: VerificationSubject, providers: VerificationProviders, traced: CheckTraced): Promise<VerificationCheck> {
  const tin = await subject.readTin();
  if (!tin) return check('TIN_MATCH', 'UNAVAILABLE', 'The business has no TIN to match against its legal name.');
  let answer: TinMatchResult;
  try {
    answer = await providers.tinMatch.matchTin({ tin, legalName: subject.profile.name });
    if (answer.trace) traced('TIN_MATCH', answer.trace);
  } catch (err) {
    // An adapter that echoes the TIN in its message must not carry it into the reason.
    if (err instanceof ProviderError && err.message.includes(tin)) throw new ProviderError('The TIN-matching provider failed.', { transient: err.transient });
    throw err;
  }
  const code = irsCodeNote(answer);
  return answer.matched
    ? check('TIN_MATCH', 'PASS', `The TIN is registered to the legal name${code}.`)
    : check('TIN_MATCH', 'FAIL', `The TIN is not registered to the legal name${code}.`);
}

function filingCheck(business: BusinessProfile, filing: StateFiling | null): VerificationCheck {
  if (!filing) return check('SOS_FILING', 'FAIL', 'No secretary-of-state filing was found for the business.');
  if (!filing.active) return check('SOS_FILING', 'FAIL', `The secretary-of-state filing in ${filing.state} is not active (${filing.status}).`);
  if (comparableName(filing.registeredName) !== comparableName(business.name)) {
    return check('SOS_FILING', 'FAIL', `The filing's registered name "${filing.registeredName}" does not match the business's name.`);
  }
  return check('SOS_FILING', 'PASS', `The secretary-of-state filing in ${filing.state} is active under the business's name${filingNote(filing)}.`);
}

function officersCheck(business: BusinessProfile, filing: StateFiling | null): VerificationCheck {
  if (!filing) return check('OFFICERS', 'UNAVAILABLE', 'There is no filing whose officers the owners could be compared with.');
  if (filing.officers.length === 0) return check('OFFICERS', 'UNAVAILABLE', 'The filing lists no officers.');
  if (business.owners.length === 0) return check('OFFICERS', 'UNAVAILABLE', 'The business has no owners to compare with the filing.');
  const officers = new Set(filing.officers.map((o) => comparableName(`${o.firstName} ${o.lastName}`)));
  const listed = business.owners.filter((o) => officers.has(comparableName(`${o.firstName} ${o.lastName}`))).length;
  const of = `${listed} of ${business.owners.length} owner${business.owners.length === 1 ? '' : 's'}`;
  return listed > 0
    ? check('OFFICERS', 'PASS', `${of} ${listed === 1 ? 'is listed as an officer' : 'are listed as officers'} on the filing.`)
    : check('OFFICERS', 'FAIL', 'None of the owners is listed as an officer on the filing.');
}

async function addressCheck(business: BusinessProfile, providers: VerificationProviders, traced: CheckTraced): Promise<VerificationCheck> {
  const { addressLine1: line1, addressCity: city } = business;
  if (!line1 || !city) return check('ADDRESS', 'UNAVAILABLE', 'The business has no complete address (street and city) to check.');
  const address = { line1, city, state: business.addressState, postalCode: business.addressPostalCode, country: business.addressCountry };
  const answer = await providers.addresses.checkAddress(address, business);
  if (answer.trace) traced('ADDRESS', answer.trace);
  const verdict = addressVerdict(answer);
  return check('ADDRESS', verdict.result, verdict.reason);
}

/**
 * Runs the four checks, in the order they are shown. A provider that cannot answer (or a bug)
 * makes its check UNAVAILABLE with the reason; this never throws.
 */
export async function runVerificationChecks(
  subject: VerificationSubject,
  providers: VerificationProviders,
  onUnexpected: UnexpectedCheckError,
  traced: CheckTraced = () => undefined,
): Promise<VerificationCheck[]> {
  const business = subject.profile;
  const tin = tinCheck(subject, providers, traced).catch((err) => unavailable('TIN_MATCH', 'TIN-matching provider', err, onUnexpected));
  const address = addressCheck(business, providers, traced).catch((err) => unavailable('ADDRESS', 'address provider', err, onUnexpected));
  let filingChecks: [VerificationCheck, VerificationCheck];
  try {
    const filing = await providers.filings.findFiling(business);
    if (filing?.trace) traced('SOS_FILING', filing.trace);
    filingChecks = [filingCheck(business, filing), officersCheck(business, filing)];
  } catch (err) {
    filingChecks = [
      unavailable('SOS_FILING', 'secretary-of-state registry', err, onUnexpected),
      unavailable('OFFICERS', 'secretary-of-state registry', err, () => undefined),
    ];
  }
  return [await tin, filingChecks[0], await address, filingChecks[1]];
}

/** VERIFIED when the TIN and the filing checks both pass and the sanctions check did not fail (a confirmed hit), else UNVERIFIED. */
export function verificationStatus(checks: readonly VerificationCheck[]): 'VERIFIED' | 'UNVERIFIED' {
  const passed = (code: VerificationCheckCode) => checks.some((c) => c.code === code && c.result === 'PASS');
  const sanctioned = checks.some((c) => c.code === 'SANCTIONS' && c.result === 'FAIL');
  return passed('TIN_MATCH') && passed('SOS_FILING') && !sanctioned ? 'VERIFIED' : 'UNVERIFIED';
}

/** Why the status is what it is, for the history of status changes (no TIN). */
export function statusReason(status: 'VERIFIED' | 'UNVERIFIED', checks: readonly VerificationCheck[]): string {
  if (status === 'VERIFIED') return 'The TIN matches the legal name and the secretary-of-state filing is active.';
  const failing = checks.filter((c) => ((c.code === 'TIN_MATCH' || c.code === 'SOS_FILING') && c.result !== 'PASS') || (c.code === 'SANCTIONS' && c.result === 'FAIL'));
  return failing.map((c) => `${c.code} ${c.result}: ${c.reason}`).join(' ');
}
