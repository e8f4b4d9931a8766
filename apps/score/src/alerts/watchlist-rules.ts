import { describeHit, type SnapshotWatchlistHit } from '../engine';
import { SEVERITY_TABLE, type AlertFinding } from './alert-codes';

type HitFinding = Omit<AlertFinding, 'data'> & { data: { hit: SnapshotWatchlistHit } };

const WHOSE = { legal_name: 'legal name', dba: 'DBA name', owner: 'owner name' } as const;

/**
 * The WATCHLIST_HIT alerts between two snapshots' sanctions hits: one for each hit of `current`
 * whose id `previous` lacks, HIGH, its subject the hit's id. Its words name the list, the entry
 * and whose name matched by role (legal name, DBA, owner), never the name that matched: an
 * owner's name is personal data, and the hit keeps none.
 */
export function watchlistAlerts(previous: readonly SnapshotWatchlistHit[], current: readonly SnapshotWatchlistHit[]): HitFinding[] {
  const known = new Set(previous.map((hit) => hit.id));
  return current
    .filter((hit) => !known.has(hit.id))
    .map((hit) => ({
      rule: 'WATCHLIST_HIT' as const,
      severity: SEVERITY_TABLE.WATCHLIST_HIT.worsening,
      subject: hit.id,
      title: `Sanctions hit on ${hit.list} (${WHOSE[hit.subjectRole] ?? 'name'})`,
      summary: `${capitalised(describeHit(hit))}, score ${hit.score}, ${hit.status === 'CONFIRMED' ? 'confirmed' : 'not yet reviewed'}.`,
      before: null,
      after: hit,
      data: { hit },
    }));
}

const capitalised = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}`;
