/**
 * The decision page (issue 45, docs/guides/case-decisions.md): the business's case, its state and
 * who or what decided it (the policy's rule, or a reviewer with a reason code), what the policy
 * last said with the rules it tried and the facts it read (value, source, time), and the trail of
 * every move; or a plain message when the business has no case, or its case has no decision yet
 * (and what waits for a second reviewer under four eyes).
 */
import { fieldGrid, messageBox, sectionNote, sectionTitle, subTitle, type Field } from './blocks';
import { DASH, formatIsoUtc, orDash } from './format';
import { COLOR, type Doc, newPage } from './layout';
import { withLongWordsBroken } from './long-words';
import type { ReportCase, ReportCaseFact, ReportCaseMove, ReportCaseOutcome, ReportDecision } from './report-data';
import { drawTable, tableLeadHeight, type TableSpec } from './tables';

/** Shown when the report was built without reading the case (data made by hand). */
export const DECISION_NOT_READ_MESSAGE = 'The case decision was not read for this report.';
/** Shown when the business has no case of the report's tenant. */
export const NO_CASE_MESSAGE = 'This business has no case: nothing has been decided for it.';
/** Shown when the policy has not evaluated the case yet. */
export const NOT_EVALUATED_MESSAGE = 'The policy has not evaluated this case yet.';
/** Printed under the title: how a case is decided, and which case this is. */
export const DECISION_NOTE =
  "The customer's case policy decides: its rules are tried in order and the first that holds decides; a rule whose facts have not all arrived keeps the case OPEN; a reviewer decides what the policy sends to review. This is the business's newest case.";

/** The states in which someone decided the case (a withdrawal ends it undecided). */
const DECIDED = new Set(['AUTO_APPROVED', 'AUTO_REJECTED', 'APPROVED', 'REJECTED']);
const STATE_COLOR: Record<string, string> = {
  AUTO_APPROVED: COLOR.low, APPROVED: COLOR.low, AUTO_REJECTED: COLOR.high, REJECTED: COLOR.high,
  MANUAL_REVIEW: COLOR.moderateText, INFO_REQUESTED: COLOR.moderateText, OPEN: COLOR.muted, WITHDRAWN: COLOR.muted,
};
const ORIGIN: Record<string, string> = { INVITATION: 'invited', ADDED: 'added' };

const version = (value: number | null): string => (value === null ? DASH : value === 0 ? '0 (the default policy)' : String(value));
const rule = (ruleId: string | null): string => ruleId ?? 'otherwise (no rule held)';

/** What the page says of a case that has no decision yet, plainly; null for a decided case. */
export function stateMessage(kase: Pick<ReportCase, 'status' | 'outcome'>): string | null {
  const waiting = kase.outcome?.kind === 'waiting' ? kase.outcome : null;
  switch (kase.status) {
    case 'OPEN':
      if (waiting) return `The case is still OPEN and has no decision yet: rule ${waiting.ruleId} waits for ${waiting.missing.join(', ') || 'its facts'}.`;
      return kase.outcome ? 'The case is still OPEN and has no decision yet.' : `The case is still OPEN and has no decision yet: ${NOT_EVALUATED_MESSAGE.toLowerCase()}`;
    case 'MANUAL_REVIEW':
      return 'The case waits for a reviewer (MANUAL_REVIEW): it has no decision yet.';
    case 'INFO_REQUESTED':
      return 'The case waits for the applicant (INFO_REQUESTED): a reviewer asked for more; it has no decision yet.';
    case 'WITHDRAWN':
      return 'The customer withdrew the case (WITHDRAWN): it will not be decided.';
    default:
      return null;
  }
}

/** What waits for a second reviewer under four eyes, in words; null when nothing waits. */
export function awaitingMessage(kase: Pick<ReportCase, 'awaitingConfirmation'>): string | null {
  const waiting = kase.awaitingConfirmation;
  if (!waiting) return null;
  const since = waiting.at && !Number.isNaN(waiting.at.getTime()) ? ` since ${formatIsoUtc(waiting.at)}` : '';
  return `A reviewer (${waiting.reviewerId}) decided to ${waiting.decision} the case, reason code ${orDash(waiting.reasonCode)}${since}: under four eyes the decision waits for a second reviewer's confirmation and is not made yet.`;
}

/** The move that put the case in its state (the newest move to it). */
const lastMoveTo = (kase: ReportCase): ReportCaseMove | undefined => [...kase.trail].reverse().find((m) => m.toStatus === kase.status);

/** Who or what decided the case, in words: the policy's rule, or a reviewer with a reason code. */
export function decidedBy(kase: ReportCase): string {
  if (!DECIDED.has(kase.status) && kase.status !== 'WITHDRAWN') return 'No one yet';
  const move = lastMoveTo(kase);
  if (!move) return DASH;
  if (move.mover === 'policy') {
    // The trail names the rule that decided last (`otherwise` when none held); an erased trail names none.
    const decider = move.ruleIds[move.ruleIds.length - 1];
    return `The policy, version ${version(move.policyVersion)}${decider ? `: rule ${decider}` : ''}`;
  }
  const code = move.reasonCode ? `, reason code ${move.reasonCode}` : '';
  if (move.mover === 'reviewer') return `A reviewer (${orDash(move.actorId)})${code}${move.firstReviewerId ? `, confirming the decision of ${move.firstReviewerId}` : ''}`;
  return `The ${move.mover} (${orDash(move.actorId)})${code}`;
}

function caseFields(kase: ReportCase): Field[] {
  const origin = ORIGIN[kase.origin];
  return [
    ['State', orDash(kase.status)],
    ['In this state since', formatIsoUtc(kase.statusChangedAt)],
    ['Opened', origin ? `${formatIsoUtc(kase.openedAt)}, ${origin}` : formatIsoUtc(kase.openedAt)],
    ['Older cases', kase.olderCases === 0 ? 'none' : `${kase.olderCases} (not shown)`],
    // The policy's last word: its version and when (the policy that last moved the case when it has none).
    ['Policy version', version(kase.outcome?.policyVersion ?? kase.policyVersion)],
    ['Last evaluated', formatIsoUtc(kase.evaluatedAt)],
  ];
}

/** On rows of their own: an id does not fit half the width unbroken. */
const whoFields = (kase: ReportCase): Field[] => [
  ['Decided by', decidedBy(kase)],
  ['Assignee', kase.assigneeId ?? 'none'],
  ['Case ID', kase.caseId],
];

/** The rules the policy tried, in order: those that did not hold, then the one that decided or waits. */
export function rulesTable(outcome: ReportCaseOutcome): TableSpec {
  const rows: string[][] = [];
  if (outcome.passed.length > 0) rows.push([outcome.passed.join(', '), 'did not hold']);
  if (outcome.kind === 'waiting') rows.push([outcome.ruleId, `cannot be judged yet: waits for ${outcome.missing.join(', ') || 'its facts'}`]);
  else rows.push([rule(outcome.ruleId), `decided ${orDash(outcome.decision)}: ${orDash(outcome.reason)}`]);
  return {
    columns: [
      { header: 'Rules, in order', weight: 4.6, maxLines: 20 },
      { header: 'What they said', weight: 5.6, maxLines: 6 },
    ],
    rows,
    continuedLabel: 'Rules the policy tried (continued)',
  };
}

const factValue = (fact: ReportCaseFact): string => (fact.value === null ? 'none' : String(fact.value));

/** The facts the policy read, each with its value, its source and when the source answered. */
export function factsTable(facts: ReportCaseFact[]): TableSpec {
  return {
    columns: [
      { header: 'Fact', weight: 3, maxLines: 3 },
      { header: 'Value', weight: 2.9, bold: true, maxLines: 4 },
      { header: 'Source', weight: 2, maxLines: 2 },
      { header: 'As of', weight: 2.3, maxLines: 1 },
    ],
    rows: facts.map((f) => [orDash(f.name), factValue(f), orDash(f.source), formatIsoUtc(f.at)]),
    continuedLabel: 'Facts the policy read (continued)',
  };
}

/** Who moved the case, and under it the person's id (or the policy's version). */
const moverNote = (move: ReportCaseMove): string | undefined =>
  move.mover === 'policy' ? `version ${version(move.policyVersion)}` : [move.actorId, move.firstReviewerId && `confirming ${move.firstReviewerId}`].filter(Boolean).join(' ') || undefined;

/** Every move of the case, oldest first: when, to which state (from which), who, and why (the rules, the reason code, the note). */
export function trailTable(trail: ReportCaseMove[]): TableSpec {
  return {
    columns: [
      { header: 'When', weight: 2.05, maxLines: 1 },
      { header: 'Moved to', weight: 1.85, bold: true, maxLines: 2 },
      { header: 'By', weight: 1.95, maxLines: 1, noteMaxLines: 6 },
      { header: 'Rules (the last decided) or reason code', weight: 4.35, maxLines: 20, noteMaxLines: 40 },
    ],
    rows: trail.map((m) => [formatIsoUtc(m.at), orDash(m.toStatus), orDash(m.mover), m.ruleIds.length > 0 ? m.ruleIds.join(', ') : orDash(m.reasonCode)]),
    continuedLabel: 'Trail (continued)',
    cellColor: (r, c) => (c === 1 ? STATE_COLOR[trail[r].toStatus] : undefined),
    cellNote: (r, c) => {
      const move = trail[r];
      if (c === 1) return move.fromStatus ? `from ${move.fromStatus}` : 'opened';
      if (c === 2) return moverNote(move);
      return c === 3 ? move.note ?? undefined : undefined;
    },
  };
}

/** A table under its title, the title kept on the page where the table starts. */
function titledTable(doc: Doc, title: string, spec: TableSpec): void {
  const broken = withLongWordsBroken(doc, spec);
  subTitle(doc, title, tableLeadHeight(doc, broken));
  drawTable(doc, broken);
}

function drawOutcome(doc: Doc, kase: ReportCase): void {
  const outcome = kase.outcome;
  if (!outcome) {
    subTitle(doc, 'What the policy last said', 60);
    messageBox(doc, NOT_EVALUATED_MESSAGE);
    return;
  }
  titledTable(doc, 'What the policy last said', rulesTable(outcome));
  if (outcome.kind === 'decided' && outcome.disagrees) {
    messageBox(doc, `The facts now lean another way: the policy would move the case to ${outcome.disagrees}, but a decided case is not moved by the policy.`);
  }
  if (outcome.kind !== 'decided' || outcome.facts.length === 0) return;
  titledTable(doc, 'Facts the policy read', factsTable(outcome.facts));
}

/** Section: the case decision, on a page of its own. */
export function drawDecisionSection(doc: Doc, decision: ReportDecision | undefined): void {
  if (doc.y > doc.page.margins.top) newPage(doc);
  sectionTitle(doc, 'Case decision', 120);
  const kase = decision?.case;
  if (!kase) {
    messageBox(doc, decision ? NO_CASE_MESSAGE : DECISION_NOT_READ_MESSAGE);
    return;
  }
  sectionNote(doc, DECISION_NOTE, 4);
  const message = stateMessage(kase);
  if (message) messageBox(doc, message);
  const awaiting = awaitingMessage(kase);
  if (awaiting) messageBox(doc, awaiting);
  fieldGrid(doc, caseFields(kase));
  fieldGrid(doc, whoFields(kase), 1);
  drawOutcome(doc, kase);
  if (kase.trail.length > 0) {
    titledTable(doc, 'Trail', trailTable(kase.trail));
    return;
  }
  subTitle(doc, 'Trail', 60);
  messageBox(doc, 'The case has no move on its trail.');
}
