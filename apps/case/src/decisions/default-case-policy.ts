/*
 * The policy a new customer starts with (issue 45): reject what is clearly out (a confirmed
 * sanctions hit, a terminated merchant on MATCH, a score that declines), send to a reviewer what a
 * person must judge (a possible sanctions or MATCH hit, a failed verification check, a score asking
 * for review, a high alert), approve a verified business the score approves, and let a reviewer
 * decide the rest. Each failed check has its own rule, so the case says which check failed.
 */
import type { VerificationCheckCode } from '@kyb/area-views';
import type { CasePolicy, PolicyRule } from './case-policy';

const checkRule = (id: string, code: VerificationCheckCode, what: string): PolicyRule => ({
  id,
  when: { fact: `verification.check.${code}`, op: 'eq', value: 'FAIL' },
  decision: 'review',
  reason: `${what} (the ${code} check failed).`,
});

export const DEFAULT_CASE_POLICY: CasePolicy = {
  rules: [
    { id: 'SANCTIONS_CONFIRMED', when: { fact: 'watchlist.confirmed_hits', op: 'gt', value: 0 }, decision: 'reject', reason: 'A sanctions hit on the business or an owner is confirmed.' },
    { id: 'MATCH_TERMINATED', when: { fact: 'match.result', op: 'eq', value: 'Match' }, decision: 'reject', reason: 'The business is on MATCH as a terminated merchant.' },
    { id: 'SANCTIONS_OPEN', when: { fact: 'watchlist.open_hits', op: 'gt', value: 0 }, decision: 'review', reason: 'A possible sanctions hit waits for review.' },
    { id: 'MATCH_POSSIBLE', when: { fact: 'match.result', op: 'eq', value: 'Possible Match' }, decision: 'review', reason: 'MATCH found a terminated merchant that may be this business.' },
    checkRule('TIN_MISMATCH', 'TIN_MATCH', 'The TIN is not registered to the legal name'),
    checkRule('FILING_NOT_ACTIVE', 'SOS_FILING', 'The secretary-of-state filing is not active'),
    checkRule('ADDRESS_UNDELIVERABLE', 'ADDRESS', 'The address could not be confirmed as deliverable'),
    checkRule('OFFICERS_UNMATCHED', 'OFFICERS', "The filing's officers are not the owners given"),
    { id: 'SCORE_DECLINES', when: { fact: 'score.decision', op: 'eq', value: 'DECLINE' }, decision: 'reject', reason: 'The risk score declines the business.' },
    { id: 'SCORE_ASKS_REVIEW', when: { fact: 'score.decision', op: 'eq', value: 'FURTHER_REVIEW_NEEDED' }, decision: 'review', reason: 'The risk score asks for further review.' },
    { id: 'HIGH_ALERT_OPEN', when: { fact: 'alerts.open_high', op: 'gt', value: 0 }, decision: 'review', reason: 'A high-severity alert on the business is open.' },
    {
      id: 'VERIFIED_AND_APPROVED',
      when: { all: [{ fact: 'verification.status', op: 'eq', value: 'VERIFIED' }, { fact: 'score.decision', op: 'eq', value: 'APPROVE' }] },
      decision: 'approve',
      reason: 'The business is verified and its risk score approves it.',
    },
  ],
  otherwise: 'review',
  four_eyes: { reject: false, approve_risk_levels: [] },
};
