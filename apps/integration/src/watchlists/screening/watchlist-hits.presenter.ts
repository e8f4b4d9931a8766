import type { WatchlistHitRow, WatchlistScreeningRow } from './watchlist-screening.types';

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentHit(hit: WatchlistHitRow) {
  return {
    id: hit.id,
    business_id: hit.business_id,
    subject: { role: hit.subject_role, ref_id: hit.subject_ref, name: hit.subject_name },
    list: hit.list,
    list_version: hit.list_version,
    entry: { id: hit.entry_id, name: hit.entry_name, type: hit.entry_type, programs: hit.programs },
    matched_name: hit.matched_name,
    alias: hit.alias,
    score: Number(hit.score),
    matched_tokens: hit.matched_tokens,
    evidence: hit.evidence,
    reason: hit.reason,
    status: hit.status,
    is_listed: hit.is_listed,
    review: hit.reviewed_at ? { note: hit.review_note ?? '', reviewed_by: hit.reviewed_by, reviewed_at: iso(hit.reviewed_at) } : null,
    created_at: iso(hit.created_at),
    updated_at: iso(hit.updated_at),
  };
}

export function presentScreening(row: WatchlistScreeningRow) {
  return {
    id: row.id,
    business_id: row.business_id,
    trigger: row.trigger,
    status: row.status,
    matcher: row.matcher,
    threshold: Number(row.threshold),
    lists: row.lists,
    subject_count: row.subject_count,
    hit_count: row.hit_count,
    new_hit_count: row.new_hit_count,
    failure_reason: row.failure_reason,
    created_at: iso(row.created_at),
  };
}
