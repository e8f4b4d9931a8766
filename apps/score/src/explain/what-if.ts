import type { ScoreSnapshot, SnapshotBjlRecord, WeightageConfig } from '../engine';
import { WhatIfOverrideError } from './explain.errors';

/** The statuses a bankruptcy, lien or judgement can be given, by kind (as the providers name them). */
export const BJL_STATUSES: Readonly<Record<SnapshotBjlRecord['kind'], readonly string[]>> = {
  LIEN: ['active', 'released'],
  JUDGEMENT: ['active', 'satisfied'],
  BANKRUPTCY: ['open', 'discharged', 'dismissed'],
};

/** A what-if: changes to the inputs of the business's latest successful score (see explain.schemas.ts for each). */
export interface WhatIfOverrides {
  bjl?: { record_id: string; status: string }[];
  release_all_liens?: true;
  satisfy_all_judgements?: true;
  credit_bureau?: { score?: number; delinquent_accounts?: number };
  public_records?: { average_rating?: number; review_count?: number; complaint_count?: number };
  factor_values?: Record<string, number>;
}

/** A snapshot changed by a what-if, and the factor values it gives outright (by factor code). */
export interface AppliedWhatIf {
  snapshot: ScoreSnapshot;
  factorValues: Record<string, number>;
}

/**
 * Applies `overrides` to a copy of `snapshot` (the original is not changed): record statuses
 * first, then the release/satisfy-all switches, the bureau and the public records (fields not
 * given keep their values); `factor_values` are checked against the config's factor codes and
 * returned for the engine to use instead of the extracted values.
 *
 * @throws WhatIfOverrideError for an unknown factor code or record id, a status the record's kind
 *   cannot have, a record given twice, or a partial bureau or public records override where the
 *   score had none to complete it.
 */
export function applyWhatIf(snapshot: ScoreSnapshot, config: WeightageConfig, overrides: WhatIfOverrides): AppliedWhatIf {
  const next: ScoreSnapshot = { ...snapshot, bjl: snapshot.bjl === null ? null : snapshot.bjl.map((r) => ({ ...r })) };
  if (overrides.bjl) applyRecordStatuses(next, overrides.bjl);
  if (overrides.release_all_liens) setAll(next, 'LIEN', 'active', 'released');
  if (overrides.satisfy_all_judgements) setAll(next, 'JUDGEMENT', 'active', 'satisfied');
  if (overrides.credit_bureau) {
    const given = overrides.credit_bureau;
    const score = given.score ?? next.creditBureau?.score;
    const delinquentAccounts = given.delinquent_accounts ?? next.creditBureau?.delinquentAccounts;
    if (score === undefined || delinquentAccounts === undefined) {
      throw new WhatIfOverrideError('The score had no credit bureau report: credit_bureau needs both score and delinquent_accounts.');
    }
    next.creditBureau = { ...next.creditBureau, score, delinquentAccounts };
  }
  if (overrides.public_records) {
    const given = overrides.public_records;
    const averageRating = given.average_rating ?? next.publicRecords?.averageRating;
    const reviewCount = given.review_count ?? next.publicRecords?.reviewCount;
    const complaintCount = given.complaint_count ?? next.publicRecords?.complaintCount;
    if (averageRating === undefined || reviewCount === undefined || complaintCount === undefined) {
      throw new WhatIfOverrideError('The score had no public records: public_records needs average_rating, review_count and complaint_count.');
    }
    next.publicRecords = { averageRating, reviewCount, complaintCount };
  }
  const factorValues = overrides.factor_values ?? {};
  const codes = new Set(config.categories.flatMap((c) => c.factors.map((f) => f.code)));
  const unknown = Object.keys(factorValues).filter((code) => !codes.has(code));
  if (unknown.length > 0) {
    throw new WhatIfOverrideError(`Unknown factor code ${unknown.map((c) => `'${c}'`).join(', ')}: the score's config (version ${config.version}) has ${[...codes].join(', ')}.`);
  }
  return { snapshot: next, factorValues: { ...factorValues } };
}

function applyRecordStatuses(snapshot: ScoreSnapshot, changes: { record_id: string; status: string }[]): void {
  const seen = new Set<string>();
  for (const change of changes) {
    if (seen.has(change.record_id)) throw new WhatIfOverrideError(`Record '${change.record_id}' is given more than once in bjl.`);
    seen.add(change.record_id);
    const record = snapshot.bjl?.find((r) => r.recordId === change.record_id);
    if (!record) throw new WhatIfOverrideError(`Unknown record id '${change.record_id}': the score has no bankruptcy, lien or judgement with it.`);
    const allowed = BJL_STATUSES[record.kind];
    const status = change.status.toLowerCase();
    if (!allowed.includes(status)) {
      throw new WhatIfOverrideError(`Record '${change.record_id}' is a ${record.kind.toLowerCase()}: its status can be ${allowed.join(', ')}, not '${change.status}'.`);
    }
    record.status = status;
  }
}

function setAll(snapshot: ScoreSnapshot, kind: SnapshotBjlRecord['kind'], from: string, to: string): void {
  for (const record of snapshot.bjl ?? []) if (record.kind === kind && record.status.toLowerCase() === from) record.status = to;
}
