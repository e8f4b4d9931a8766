import type { ScoreSnapshot } from '../engine';
import { SEVERITY_TABLE, type AlertFinding, type AlertSettings, type AlertSeverity, type ScoreSide } from './alert-codes';
import { recordAlerts } from './record-rules';
import { watchlistAlerts } from './watchlist-rules';

export { ALERT_RULES, ALERT_SEVERITIES, SEVERITY_TABLE } from './alert-codes';
export type { AlertFinding, AlertRule, AlertSettings, AlertSeverity, ScoreSide } from './alert-codes';

const RISK_ORDER = ['LOW', 'MODERATE', 'HIGH'];
const DECISION_ORDER = ['APPROVE', 'FURTHER_REVIEW_NEEDED', 'DECLINE'];

type Ids = AlertFinding['data'];
type Finding = Omit<AlertFinding, 'data'> & { data?: Partial<AlertFinding['data']> };
const finding = (ids: Ids, f: Finding): AlertFinding => ({ ...f, data: { ...ids, ...f.data } });

/** Severity of a move from `before` to `after` along `order` (worst last). */
function severityOfMove(rule: 'RISK_LEVEL_CHANGED' | 'DECISION_CHANGED', order: readonly string[], before: string, after: string): AlertSeverity {
  return order.indexOf(after) > order.indexOf(before) ? SEVERITY_TABLE[rule].worsening : SEVERITY_TABLE[rule].improvement;
}

function scoreFieldAlerts(previous: ScoreSide, current: ScoreSide, settings: AlertSettings, ids: Ids): AlertFinding[] {
  const found: AlertFinding[] = [];
  const ordered = [
    { rule: 'RISK_LEVEL_CHANGED', order: RISK_ORDER, title: 'Risk level changed', what: 'The risk level', before: previous.riskLevel, after: current.riskLevel },
    { rule: 'DECISION_CHANGED', order: DECISION_ORDER, title: 'Decision changed', what: 'The score decision', before: previous.decision, after: current.decision },
  ] as const;
  for (const { rule, order, title, what, before, after } of ordered) {
    if (before === null || after === null || before === after) continue;
    found.push(finding(ids, { rule, severity: severityOfMove(rule, order, before, after), subject: '', title, summary: `${what} went from ${before} to ${after}.`, before, after }));
  }
  const [scoreBefore, scoreAfter] = [previous.weightedScore850, current.weightedScore850];
  if (scoreBefore !== null && scoreAfter !== null && Math.abs(scoreAfter - scoreBefore) > settings.scoreChangeAlertPoints) {
    const difference = Math.round((scoreAfter - scoreBefore) * 100) / 100;
    found.push(
      finding(ids, {
        rule: 'SCORE_CHANGED',
        severity: difference < 0 ? SEVERITY_TABLE.SCORE_CHANGED.worsening : SEVERITY_TABLE.SCORE_CHANGED.improvement,
        subject: '',
        title: difference < 0 ? 'Score fell' : 'Score rose',
        summary: `The score moved by ${difference} points (from ${scoreBefore} to ${scoreAfter}), more than the ${settings.scoreChangeAlertPoints} points set.`,
        before: scoreBefore,
        after: scoreAfter,
        data: { threshold_points: settings.scoreChangeAlertPoints, difference_points: difference },
      }),
    );
  }
  return found;
}

const isActive = (status: string) => status.trim().toLowerCase() === 'active';

function snapshotAlerts(previous: ScoreSnapshot, current: ScoreSnapshot, ids: Ids): AlertFinding[] {
  const found = previous.bjl !== null && current.bjl !== null ? recordAlerts(previous.bjl, current.bjl).map((f) => finding(ids, f)) : [];
  const [filingBefore, filingAfter] = [previous.facts?.filingStatus ?? null, current.facts?.filingStatus ?? null];
  if (filingBefore !== null && filingAfter !== null && filingBefore.trim().toLowerCase() !== filingAfter.trim().toLowerCase()) {
    const table = SEVERITY_TABLE.FILING_STATUS_CHANGED;
    found.push(
      finding(ids, {
        rule: 'FILING_STATUS_CHANGED',
        severity: isActive(filingBefore) ? table.worsening : isActive(filingAfter) ? table.improvement : table.other,
        subject: '',
        title: 'Filing status changed',
        summary: `The secretary of state's filing status went from ${filingBefore} to ${filingAfter}.`,
        before: filingBefore,
        after: filingAfter,
      }),
    );
  }
  const [verificationBefore, verificationAfter] = [previous.verification?.status ?? null, current.verification?.status ?? null];
  // Never verified, then verified either way, is a change too; a verification that disappears is not one.
  if (verificationAfter !== null && verificationBefore !== verificationAfter) {
    const table = SEVERITY_TABLE.VERIFICATION_STATUS_CHANGED;
    found.push(
      finding(ids, {
        rule: 'VERIFICATION_STATUS_CHANGED',
        severity: verificationAfter === 'UNVERIFIED' ? table.worsening : table.improvement,
        subject: '',
        title: 'Verification status changed',
        summary: `The business's verification went from ${verificationBefore ?? 'none'} to ${verificationAfter}.`,
        before: verificationBefore,
        after: verificationAfter,
      }),
    );
  }
  found.push(...watchlistAlerts(previous.watchlistHits ?? [], current.watchlistHits ?? []).map((f) => finding(ids, f)));
  return found;
}

/**
 * The alerts between a monitored business's previous SUCCESS score and its new one: records found
 * only in the new snapshot, records released, satisfied or discharged, the filing and verification
 * statuses, sanctions hits found only in the new snapshot (by the hit's id; a snapshot without hits
 * had none), and the score's risk level, decision and 850 score. No previous score: none. A side
 * without a snapshot (older scores): only the score fields are compared.
 */
export function alertsBetween(previous: ScoreSide | null, current: ScoreSide, settings: AlertSettings): AlertFinding[] {
  if (previous === null) return [];
  const ids: Ids = { score_id: current.id, previous_score_id: previous.id };
  const records = previous.snapshot !== null && current.snapshot !== null ? snapshotAlerts(previous.snapshot, current.snapshot, ids) : [];
  return [...records, ...scoreFieldAlerts(previous, current, settings, ids)];
}
