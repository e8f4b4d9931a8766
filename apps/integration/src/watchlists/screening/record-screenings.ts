/*
 * A batch of screenings kept in one transaction, in a handful of statements whatever its size
 * (a job screens up to 200 businesses; a new list version screens every monitored business): the
 * businesses' hits read and locked at once, the screenings inserted at once, every hit found upserted
 * at once, those listed no more updated at once, and the `watchlist.hit` events of new hits recorded
 * with them. A statement per business cost more than the matching itself (BENCHMARKS.md, the
 * rescreening rows).
 */
import { recordEvents, type AnyOutboxEvent, type Knex } from '@kyb/db';
import type { WatchlistCandidate, WatchlistSubject } from '../../providers/watchlist.provider';
import { hitKeyOf } from './watchlist-hit-key';
import type { RecordedScreening, ScreeningRecord, ScreeningScope, WatchlistHitRow, WatchlistScreeningRow } from './watchlist-screening.types';

const SCREENINGS = 'integration.watchlist_screenings';
const HITS = 'integration.watchlist_hits';
/** Rows a multi-row statement carries (a hit row has 23 columns: well under PostgreSQL's 65,535 parameters). */
const CHUNK = 1000;

type Found = Map<string, { subject: WatchlistSubject; candidate: WatchlistCandidate }>;
type KnownHit = Pick<WatchlistHitRow, 'id' | 'business_id' | 'hit_key' | 'is_listed' | 'status' | 'list' | 'entry_id'>;

/** The `watchlist.hit` event of a new hit: never the name that matched (a person's, the tenant's data). */
export function hitEvent(hit: WatchlistHitRow): AnyOutboxEvent {
  return {
    type: 'watchlist.hit',
    customerId: hit.customer_id,
    data: { business_id: hit.business_id, hit_id: hit.id, screening_id: hit.last_screening_id, list: hit.list, entry_id: hit.entry_id, subject_role: hit.subject_role },
  };
}

/** Only the best candidate per hit key: a name that matches an entry by two of its names is one hit. */
function hitsOf(record: ScreeningRecord): Found {
  const byKey: Found = new Map();
  for (const { subject, candidates } of record.results) {
    for (const candidate of candidates) {
      const key = hitKeyOf(subject, candidate.list, candidate.entryId);
      const kept = byKey.get(key);
      if (!kept || candidate.score > kept.candidate.score) byKey.set(key, { subject, candidate });
    }
  }
  return byKey;
}

/** A hit found again keeps its status and review; one listed again after it went counts as new unless dismissed. */
const isNew = (was: KnownHit | undefined): boolean => !was || (!was.is_listed && was.status !== 'DISMISSED');

/** Whether a screening speaks for a hit: on a list it compared with, or on an entry the version changed. */
const inScope = (scope: ScreeningScope, hit: KnownHit): boolean => ('lists' in scope ? scope.lists.includes(hit.list) : hit.list === scope.list && scope.entryIds.has(hit.entry_id));

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function hitRow(record: ScreeningRecord, screeningId: string, key: string, { subject, candidate }: { subject: WatchlistSubject; candidate: WatchlistCandidate }, at: Date) {
  return {
    customer_id: record.customerId,
    business_id: record.businessId,
    hit_key: key,
    subject_role: subject.role,
    subject_ref: subject.refId,
    subject_name: subject.name,
    list: candidate.list,
    list_version: candidate.listVersion,
    entry_id: candidate.entryId,
    entry_name: candidate.entryName,
    entry_type: candidate.entryType,
    programs: JSON.stringify(candidate.programs),
    matched_name: candidate.matchedName,
    alias: candidate.alias ? JSON.stringify(candidate.alias) : null,
    score: Math.round(candidate.score * 10_000) / 10_000,
    matched_tokens: JSON.stringify(candidate.matchedTokens),
    evidence: JSON.stringify(candidate.evidence),
    reason: candidate.reason,
    is_listed: true,
    first_screening_id: screeningId,
    last_screening_id: screeningId,
    created_at: at,
    updated_at: at,
  };
}

/**
 * Keeps each screening with its hits (a business at most once per batch): each candidate is a hit
 * of its business (found before: the same hit, its review kept, its candidate brought up to date);
 * hits a screening speaks for and no longer finds are listed no more. Answers, in the records'
 * order, each screening with the hits it found for the first time (or listed again) and how many went.
 */
export async function recordScreenings(db: Knex, records: readonly ScreeningRecord[], at: Date): Promise<RecordedScreening[]> {
  if (records.length === 0) return [];
  const found = records.map(hitsOf);
  return db.transaction(async (trx) => {
    // Locked in one order, so two batches over the same businesses wait for each other rather than deadlock.
    const known = await trx(HITS)
      .whereRaw('business_id = any(?::uuid[])', [records.map((r) => r.businessId)])
      .orderBy(['business_id', 'hit_key'])
      .forUpdate()
      .select<KnownHit[]>('id', 'business_id', 'hit_key', 'is_listed', 'status', 'list', 'entry_id');
    const knownOf = new Map<string, Map<string, KnownHit>>();
    for (const hit of known) {
      const byKey = knownOf.get(hit.business_id) ?? new Map<string, KnownHit>();
      knownOf.set(hit.business_id, byKey.set(hit.hit_key, hit));
    }
    const before = records.map((record) => knownOf.get(record.businessId) ?? new Map<string, KnownHit>());

    const screeningRows = records.map((record, i) => ({
      customer_id: record.customerId,
      business_id: record.businessId,
      trigger: record.trigger,
      status: 'COMPLETED',
      matcher: record.matcher,
      threshold: record.threshold,
      lists: JSON.stringify(record.lists),
      subject_count: record.results.length,
      hit_count: found[i].size,
      new_hit_count: [...found[i].keys()].filter((key) => isNew(before[i].get(key))).length,
      created_at: at,
    }));
    const screeningOf = new Map<string, WatchlistScreeningRow>();
    for (const chunk of chunks(screeningRows)) {
      for (const row of await trx(SCREENINGS).insert(chunk).returning<WatchlistScreeningRow[]>('*')) screeningOf.set(row.business_id, row);
    }
    const screenings = records.map((record) => screeningOf.get(record.businessId) as WatchlistScreeningRow);

    const hitRows = records.flatMap((record, i) => [...found[i]].map(([key, hit]) => hitRow(record, screenings[i].id, key, hit, at)));
    const newHitsOf = new Map<string, WatchlistHitRow[]>();
    const beforeOf = new Map(records.map((record, i) => [record.businessId, before[i]]));
    for (const chunk of chunks(hitRows)) {
      const upserted = await trx(HITS)
        .insert(chunk)
        .onConflict(['business_id', 'hit_key'])
        .merge(['subject_name', 'list_version', 'entry_name', 'entry_type', 'programs', 'matched_name', 'alias', 'score', 'matched_tokens', 'evidence', 'reason', 'last_screening_id', 'updated_at', 'is_listed'])
        .returning<WatchlistHitRow[]>('*');
      for (const hit of upserted) {
        if (isNew(beforeOf.get(hit.business_id)?.get(hit.hit_key))) newHitsOf.set(hit.business_id, [...(newHitsOf.get(hit.business_id) ?? []), hit]);
      }
    }

    const delisted = records.map((record, i) => [...before[i].values()].filter((hit) => hit.is_listed && !found[i].has(hit.hit_key) && inScope(record.scope, hit)).map((hit) => hit.id));
    for (const chunk of chunks(delisted.flat())) await trx(HITS).whereIn('id', chunk).update({ is_listed: false, updated_at: at });

    const newHits = records.map((record) => newHitsOf.get(record.businessId) ?? []);
    // Each new hit is announced (watchlist.hit) with the hit it announces: ids, the list and the entry, whose name by role only.
    await recordEvents(trx, 'integration', newHits.flat().map(hitEvent));
    return records.map((_record, i) => ({ screening: screenings[i], newHits: newHits[i], delisted: delisted[i].length }));
  });
}
