import type { VerificationCheck } from '@kyb/area-views';
import type { AddressCheckResult, StateFiling, TinMatchResult } from '../providers/verification.providers';

/*
 * What a real vendor adds to a check beyond pass or fail: the IRS code of a TIN match, USPS's
 * delivery point flags of an address, the registry's number and incorporation date. The
 * sandboxes answer none of these, so their checks read as they always have.
 */

type Verdict = Pick<VerificationCheck, 'result' | 'reason'>;

/** The IRS's code and its meaning, as ` (IRS code 3: The TIN and name do not match IRS records)`, or nothing. */
export function irsCodeNote(answer: Pick<TinMatchResult, 'code' | 'description'>): string {
  if (answer.code === undefined) return '';
  const meaning = answer.description ? `: ${answer.description.replace(/\.$/, '')}` : '';
  return ` (IRS code ${answer.code}${meaning})`;
}

/** USPS's delivery point validation codes, in words (Smarty's `dpv_match_code`). */
const DPV_MEANING: Readonly<Record<string, string>> = {
  Y: 'confirmed for the primary number and any secondary number',
  S: 'confirmed for the primary number, but the secondary number (a suite or unit) given was not confirmed',
  D: 'confirmed for the primary number, but the secondary number (a suite or unit) it needs is missing',
  N: 'not confirmed as a delivery point',
};

const dpvNote = (code: string | null | undefined) => (code && DPV_MEANING[code] ? ` (USPS delivery point ${code}: ${DPV_MEANING[code]})` : '');

/**
 * The address check's verdict. Deliverable is not enough for a place of business: a commercial
 * mail receiving agency (a mailbox store) or a delivery point USPS marks vacant fails the check;
 * a residential address passes, said so, for a reviewer to weigh.
 */
export function addressVerdict(answer: AddressCheckResult): Verdict {
  if (!answer.deliverable) {
    const why = answer.dpvMatch === undefined ? '' : answer.dpvMatch === null ? ' (USPS has no single delivery point for it)' : dpvNote(answer.dpvMatch);
    return { result: 'FAIL', reason: `The address is not a deliverable address${why}.` };
  }
  if (answer.cmra) return { result: 'FAIL', reason: 'The address is a commercial mail receiving agency (a mailbox store), not a place of business.' };
  if (answer.vacant) return { result: 'FAIL', reason: 'The address is deliverable, but USPS marks the delivery point vacant.' };
  const partial = answer.dpvMatch === 'S' || answer.dpvMatch === 'D' ? dpvNote(answer.dpvMatch) : '';
  const kind = answer.residential === true ? '; it is a residential address' : answer.residential === false ? '; it is a commercial address' : '';
  return { result: 'PASS', reason: `The address is a valid deliverable address${partial}${kind}.` };
}

/** The registry's own facts of an active filing, as ` (number 5551234, registered 2011-04-02, registered office in Dover, DE)`, or nothing. */
export function filingNote(filing: StateFiling): string {
  const office = [filing.registeredAddress?.city, filing.registeredAddress?.state].filter(Boolean).join(', ');
  const facts = [
    filing.companyNumber ? `number ${filing.companyNumber}` : null,
    filing.incorporationDate ? `registered ${filing.incorporationDate}` : null,
    office ? `registered office in ${office}` : null,
  ].filter((fact): fact is string => fact !== null);
  return facts.length > 0 ? ` (${facts.join(', ')})` : '';
}
