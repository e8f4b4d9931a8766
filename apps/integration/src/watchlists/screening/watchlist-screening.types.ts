import type { WatchlistScreeningTrigger } from '@kyb/queues';
import type { ScreenedList, WatchlistCandidate, WatchlistSubject } from '../../providers/watchlist.provider';

/** Why a screening ran: the enrichment's triggers, a new list version, or a person asking (`manual`). */
export type WatchlistScreeningReason = WatchlistScreeningTrigger | 'manual';
export type WatchlistHitStatus = 'OPEN' | 'CONFIRMED' | 'DISMISSED';

export interface WatchlistScreeningRow {
  id: string;
  customer_id: string;
  business_id: string;
  trigger: WatchlistScreeningReason;
  status: 'COMPLETED' | 'FAILED';
  matcher: string;
  threshold: string;
  lists: ScreenedList[];
  subject_count: number;
  hit_count: number;
  new_hit_count: number;
  failure_reason: string | null;
  created_at: Date;
}

export interface WatchlistHitRow {
  id: string;
  customer_id: string;
  business_id: string;
  hit_key: string;
  subject_role: WatchlistSubject['role'];
  subject_ref: string;
  subject_name: string;
  list: string;
  list_version: string;
  entry_id: string;
  entry_name: string;
  entry_type: string;
  programs: string[];
  matched_name: string;
  alias: WatchlistCandidate['alias'];
  score: string;
  matched_tokens: WatchlistCandidate['matchedTokens'];
  evidence: WatchlistCandidate['evidence'];
  reason: string;
  status: WatchlistHitStatus;
  is_listed: boolean;
  review_note: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  first_screening_id: string;
  last_screening_id: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * Which of the business's hits the screening speaks for: every hit on the lists it compared with
 * (`lists`), or, for a screening against what a new list version changed, the hits on those entries.
 */
export type ScreeningScope = { lists: readonly string[] } | { list: string; entryIds: ReadonlySet<string> };

/** A screening to keep: its subjects' candidates, the lists it compared with and what it speaks for. */
export interface ScreeningRecord {
  customerId: string;
  businessId: string;
  trigger: WatchlistScreeningReason;
  matcher: string;
  threshold: number;
  lists: readonly ScreenedList[];
  results: ReadonlyArray<{ subject: WatchlistSubject; candidates: readonly WatchlistCandidate[] }>;
  scope: ScreeningScope;
}

/** What a kept screening changed: the screening, the hits it found for the first time (or listed again), and whether listed ones went. */
export interface RecordedScreening {
  screening: WatchlistScreeningRow;
  newHits: WatchlistHitRow[];
  delisted: number;
}
