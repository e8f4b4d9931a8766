/** Case decision fixtures for the PDF renderer's tests. */
import type { ReportCase, ReportCaseFact, ReportCaseMove, ReportData } from '../report-data';

export const OPENER = '7a1c3e5f-2b4d-4c6e-8f0a-1b2c3d4e5f60';
export const FIRST_REVIEWER = '3d5f7b9c-1e2a-4b3c-9d4e-5f6a7b8c9d0e';
export const SECOND_REVIEWER = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

const at = (iso: string) => new Date(iso);
const move = (overrides: Partial<ReportCaseMove> & Pick<ReportCaseMove, 'toStatus' | 'mover' | 'at'>): ReportCaseMove => ({
  id: `move-${overrides.at.getTime()}`, fromStatus: null, actorId: null, policyVersion: null, ruleIds: [], reasonCode: null, note: null, firstReviewerId: null, ...overrides,
});

/**
 * The complete report's case: the tenant's policy (version 3) sent it to review for an open
 * sanctions hit, then two reviewers rejected it (four eyes) once the hit was confirmed; the policy's
 * last word, after the score, rejects it by the same rule.
 */
export function buildDecision(): NonNullable<ReportData['decision']> {
  const facts: ReportCaseFact[] = [
    { name: 'business.mcc_code', value: '5085', source: 'business', at: at('2024-11-02T16:45:00.000Z') },
    { name: 'verification.check.TIN_MATCH', value: 'PASS', source: 'verification', at: at('2025-03-12T10:15:00.000Z') },
    { name: 'verification.check.SOS_FILING', value: 'PASS', source: 'verification', at: at('2025-03-12T10:15:00.000Z') },
    { name: 'score.decision', value: 'APPROVE', source: 'score', at: at('2025-03-14T09:12:00.000Z') },
    { name: 'watchlist.confirmed_hits', value: 1, source: 'watchlist_screening', at: at('2025-03-13T15:00:00.000Z') },
  ];
  const passed = ['NO_GAMBLING', 'TIN_MISMATCH', 'FILING_NOT_ACTIVE', 'SCORE_DECLINES'];
  return {
    case: {
      caseId: '6f4e2d1c-8b7a-4c5d-9e0f-a1b2c3d4e5f6',
      status: 'REJECTED',
      origin: 'ADDED',
      assigneeId: SECOND_REVIEWER,
      policyVersion: 3,
      openedAt: at('2024-11-02T16:45:00.000Z'),
      statusChangedAt: at('2025-03-13T16:40:00.000Z'),
      evaluatedAt: at('2025-03-14T09:12:30.000Z'),
      awaitingConfirmation: null,
      outcome: { kind: 'decided', policyVersion: 3, decision: 'reject', ruleId: 'SANCTIONS_CONFIRMED', reason: 'A sanctions hit on the business or an owner is confirmed.', passed, facts, disagrees: null },
      trail: [
        move({ toStatus: 'OPEN', mover: 'customer', actorId: OPENER, at: at('2024-11-02T16:45:00.000Z') }),
        move({
          fromStatus: 'OPEN', toStatus: 'MANUAL_REVIEW', mover: 'policy', policyVersion: 3, ruleIds: [...passed, 'SANCTIONS_CONFIRMED', 'SANCTIONS_OPEN'],
          note: 'A possible sanctions hit waits for review.', at: at('2025-03-12T10:17:30.000Z'),
        }),
        move({
          fromStatus: 'MANUAL_REVIEW', toStatus: 'REJECTED', mover: 'reviewer', actorId: SECOND_REVIEWER, policyVersion: 3, reasonCode: 'SANCTIONS_CONFIRMED', firstReviewerId: FIRST_REVIEWER,
          note: "Jane Holloway's date of birth and address match SDN entry 36512.\nConfirmed against the passport copy on file.",
          at: at('2025-03-13T16:40:00.000Z'),
        }),
      ],
      olderCases: 0,
    },
  };
}

/** Every fact name the policy reads, with the widest values each takes. */
const WIDE_FACTS: Array<[string, string | number | null]> = [
  ['verification.status', 'UNVERIFIED'],
  ...['TIN_MATCH', 'SOS_FILING', 'ADDRESS', 'OFFICERS', 'SANCTIONS'].map((code): [string, string] => [`verification.check.${code}`, 'UNAVAILABLE']),
  ['score.decision', 'FURTHER_REVIEW_NEEDED'],
  ['score.risk_level', 'MISSING_INPUT'],
  ['match.result', 'Possible Match'],
  ['watchlist.open_hits', 1234],
  ['watchlist.confirmed_hits', 0],
  ['alerts.open', 10],
  ['alerts.open_high', 3],
  ['business.naics_code', '423840'],
  ['business.mcc_code', null],
  ['business.state', 'CA'],
  ['registration.age_months', 1187],
];
const SOURCES = ['verification', 'score', 'match_screening', 'watchlist_screening', 'alerts', 'business', 'public_records'];
/** The default policy's rules, in order, and the reviewers' reason codes. */
export const DEFAULT_RULE_IDS = ['SANCTIONS_CONFIRMED', 'MATCH_TERMINATED', 'SANCTIONS_OPEN', 'MATCH_POSSIBLE', 'TIN_MISMATCH', 'FILING_NOT_ACTIVE', 'ADDRESS_UNDELIVERABLE', 'OFFICERS_UNMATCHED', 'SCORE_DECLINES', 'SCORE_ASKS_REVIEW', 'HIGH_ALERT_OPEN', 'VERIFIED_AND_APPROVED'];
export const REASON_CODES = ['VERIFIED_BY_REVIEWER', 'DOCUMENTS_CONFIRMED', 'RISK_ACCEPTED', 'SANCTIONS_CONFIRMED', 'SANCTIONS_FALSE_POSITIVE', 'IDENTITY_NOT_CONFIRMED', 'FRAUD_SUSPECTED', 'HIGH_RISK', 'OUT_OF_POLICY', 'OTHER', 'WITHDRAWN_BY_APPLICANT', 'NO_LONGER_NEEDED', 'DUPLICATE_CASE'];
const STATES = ['OPEN', 'AUTO_APPROVED', 'MANUAL_REVIEW', 'AUTO_REJECTED', 'APPROVED', 'REJECTED', 'INFO_REQUESTED', 'WITHDRAWN'];

/** A case with the widest words the page prints: every fact, every default rule tried, every state and reason code on the trail. */
export function buildWideDecision(): ReportCase {
  const when = at('2025-12-31T23:59:59.000Z');
  const facts = WIDE_FACTS.map(([name, value], i) => ({ name, value, source: SOURCES[i % SOURCES.length], at: when }));
  const reviewed = REASON_CODES.map((reasonCode, i) =>
    move({ fromStatus: STATES[(i + 7) % STATES.length], toStatus: STATES[i % STATES.length], mover: i % 2 ? 'reviewer' : 'customer', actorId: SECOND_REVIEWER, firstReviewerId: i % 3 ? null : FIRST_REVIEWER, reasonCode, note: `Reviewer's note ${i}.`, at: when }),
  );
  return {
    ...(buildDecision().case as ReportCase),
    status: 'INFO_REQUESTED',
    outcome: { kind: 'decided', policyVersion: 12345, decision: 'review', ruleId: null, reason: 'No rule of the policy held: a reviewer decides.', passed: DEFAULT_RULE_IDS, facts, disagrees: 'AUTO_REJECTED' },
    trail: [move({ fromStatus: 'MANUAL_REVIEW', toStatus: 'AUTO_APPROVED', mover: 'policy', policyVersion: 12345, ruleIds: DEFAULT_RULE_IDS, note: 'The business is verified and its risk score approves it.', at: when }), ...reviewed],
  };
}

/** A case built to break the page's layout: long words, blanks, nulls, invalid dates, a long trail and a note of 2,000 characters. */
export function buildStressDecision(long: string): NonNullable<ReportData['decision']> {
  const wide = buildWideDecision();
  const longWord = `TENANT_RULE_${'VERY_LONG_'.repeat(12)}END`;
  const note = `${'A reviewer wrote a great deal here, line after line. '.repeat(38)}\u682a`.slice(0, 2000);
  return {
    case: {
      ...wide,
      status: `UNHEARD_OF_STATE_${'X'.repeat(40)}`,
      origin: 'SOMEWHERE',
      assigneeId: null,
      statusChangedAt: at('invalid'),
      evaluatedAt: null,
      awaitingConfirmation: { decision: 'approve', reviewerId: FIRST_REVIEWER, reasonCode: longWord, at: at('invalid') },
      outcome: { kind: 'waiting', policyVersion: null, ruleId: longWord, passed: [...DEFAULT_RULE_IDS, longWord], missing: ['score.decision', `custom.${'fact_'.repeat(20)}name`] },
      trail: Array.from({ length: 40 }, (_, i) => ({ ...wide.trail[i % wide.trail.length], id: `m${i}`, toStatus: i % 5 ? wide.trail[i % wide.trail.length].toStatus : long, note: i % 7 ? `${long} \u682a` : note, ruleIds: i % 4 ? [] : [longWord, '', 'otherwise'], at: at('invalid') })),
    },
  };
}
