/*
 * The facts a case decision reads (issue 45), by name, each with where it came from and when. A
 * fact is missing until its source has answered; once answered its value may be null (the business
 * gave no NAICS code, no MATCH screening was asked for). Rules read facts only by these names.
 */
import { VERIFICATION_CHECK_CODES, type VerificationCheckCode } from '@kyb/area-views';

/** What a fact's value is: a word of a closed set, a count, or a code or text. */
export type CaseFactKind = 'word' | 'count' | 'text';

/** How a fact is read: its kind, for a word the words it takes, and the source that answers it. */
export interface CaseFactSpec {
  kind: CaseFactKind;
  words?: readonly string[];
  source: string;
}

type CheckFact = `verification.check.${VerificationCheckCode}`;

/** A fact's name. */
export type CaseFactName =
  | 'verification.status'
  | CheckFact
  | 'score.decision'
  | 'score.risk_level'
  | 'match.result'
  | 'watchlist.open_hits'
  | 'watchlist.confirmed_hits'
  | 'alerts.open'
  | 'alerts.open_high'
  | 'business.naics_code'
  | 'business.mcc_code'
  | 'business.state'
  | 'registration.age_months';

const checkFacts = {} as Record<CheckFact, CaseFactSpec>;
for (const code of VERIFICATION_CHECK_CODES) checkFacts[`verification.check.${code}`] = { kind: 'word', words: ['PASS', 'FAIL', 'UNAVAILABLE'], source: 'verification' };

/** Every fact a rule may read. */
export const CASE_FACTS: Readonly<Record<CaseFactName, CaseFactSpec>> = {
  'verification.status': { kind: 'word', words: ['VERIFIED', 'UNVERIFIED'], source: 'verification' },
  ...checkFacts,
  'score.decision': { kind: 'text', source: 'score' },
  'score.risk_level': { kind: 'text', source: 'score' },
  'match.result': { kind: 'word', words: ['No Match', 'Possible Match', 'Match'], source: 'match_screening' },
  'watchlist.open_hits': { kind: 'count', source: 'watchlist_screening' },
  'watchlist.confirmed_hits': { kind: 'count', source: 'watchlist_screening' },
  'alerts.open': { kind: 'count', source: 'alerts' },
  'alerts.open_high': { kind: 'count', source: 'alerts' },
  'business.naics_code': { kind: 'text', source: 'business' },
  'business.mcc_code': { kind: 'text', source: 'business' },
  'business.state': { kind: 'text', source: 'business' },
  'registration.age_months': { kind: 'count', source: 'public_records' },
};

/** Every fact name, in the catalogue's order. */
export const CASE_FACT_NAMES = Object.keys(CASE_FACTS) as CaseFactName[];

/** A fact's value once its source answered (null: the source answered that there is none). */
export type CaseFactValue = string | number | null;

/** One fact as a decision used it: its value, its source and when the source answered. */
export interface CaseFact {
  value: CaseFactValue;
  source: string;
  at: Date;
}

/** The facts known of a case so far; a name absent is a fact still to arrive. */
export type CaseFacts = ReadonlyMap<CaseFactName, CaseFact>;
