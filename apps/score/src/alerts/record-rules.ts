import type { SnapshotBjlRecord } from '../engine';
import { SEVERITY_TABLE, type AlertFinding } from './alert-codes';

type RecordFinding = Omit<AlertFinding, 'data'> & { data: { record: SnapshotBjlRecord } };

const NEW_RULE = { LIEN: 'NEW_LIEN', JUDGEMENT: 'NEW_JUDGEMENT', BANKRUPTCY: 'NEW_BANKRUPTCY' } as const;
const CLEARED_RULE = { LIEN: 'LIEN_RELEASED', JUDGEMENT: 'JUDGEMENT_SATISFIED', BANKRUPTCY: 'BANKRUPTCY_DISCHARGED' } as const;
const NOUN = { LIEN: 'lien', JUDGEMENT: 'judgement', BANKRUPTCY: 'bankruptcy' } as const;

const OPEN = new Set(['active', 'open']);
const CLEARED = new Set(['released', 'satisfied', 'discharged', 'dismissed']);
const status = (record: SnapshotBjlRecord) => record.status.trim().toLowerCase();

/** Whether two records are the same record: by the provider's id when both have one, else by kind, filing date and amount. */
export function sameRecord(a: SnapshotBjlRecord, b: SnapshotBjlRecord): boolean {
  if (a.kind !== b.kind) return false;
  if (a.recordId !== undefined && b.recordId !== undefined) return a.recordId === b.recordId;
  return a.filingDate === b.filingDate && a.amount === b.amount;
}

/** What tells a record apart among a score's alerts: the provider's id, else its kind, filing date and amount. */
const keyOf = (record: SnapshotBjlRecord) => record.recordId ?? `${record.kind}|${record.filingDate}|${record.amount ?? ''}`;

const described = (record: SnapshotBjlRecord) =>
  `${NOUN[record.kind]} filed ${record.filingDate.slice(0, 10)}${record.amount === null ? '' : ` (amount ${record.amount})`}`;

/**
 * The record alerts between two snapshots' BJL records: each record of `current` no record of
 * `previous` matches is new; each matched record whose status went from active or open to released,
 * satisfied, discharged or dismissed is cleared. Each record of `previous` matches one record at
 * most, so two identical records where there was one make one new record.
 */
export function recordAlerts(previous: readonly SnapshotBjlRecord[], current: readonly SnapshotBjlRecord[]): RecordFinding[] {
  const unmatched = [...previous];
  const subjects = new Map<string, number>();
  const subjectOf = (record: SnapshotBjlRecord) => {
    const key = keyOf(record);
    const seen = (subjects.get(key) ?? 0) + 1;
    subjects.set(key, seen);
    return seen === 1 ? key : `${key}#${seen}`;
  };
  const found: RecordFinding[] = [];
  // Records with the provider's id are matched first, so a record without one cannot take another's match.
  const order = [...current].sort((a, b) => Number(a.recordId === undefined) - Number(b.recordId === undefined));
  for (const record of order) {
    const at = unmatched.findIndex((candidate) => sameRecord(candidate, record));
    if (at === -1) {
      found.push({
        rule: NEW_RULE[record.kind],
        severity: SEVERITY_TABLE[NEW_RULE[record.kind]].worsening,
        subject: subjectOf(record),
        title: `New ${NOUN[record.kind]}`,
        summary: `A ${described(record)} appeared in the business's public records.`,
        before: null,
        after: record,
        data: { record },
      });
      continue;
    }
    const [before] = unmatched.splice(at, 1);
    if (OPEN.has(status(before)) && CLEARED.has(status(record))) {
      found.push({
        rule: CLEARED_RULE[record.kind],
        severity: SEVERITY_TABLE[CLEARED_RULE[record.kind]].improvement,
        subject: subjectOf(record),
        title: `${NOUN[record.kind][0].toUpperCase()}${NOUN[record.kind].slice(1)} ${status(record)}`,
        summary: `The ${described(record)} went from ${before.status} to ${record.status}.`,
        before,
        after: record,
        data: { record },
      });
    }
  }
  return found;
}
