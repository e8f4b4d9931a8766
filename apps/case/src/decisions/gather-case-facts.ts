/*
 * The facts of businesses' cases (issue 45, ADR 0055), read from the other areas' published views
 * and the case area's own businesses. A fact is absent until its source answered: no verification
 * yet, no screening against the sanctions lists yet, no public records yet, no successful score yet.
 */
import type { AlertDirectory, IntegrationDirectory, MatchScreeningDirectory, MatchScreeningEntry, ScoreDirectory, VerificationDirectory, VerificationEntry, WatchlistHitDirectory, WatchlistHitEntry } from '@kyb/area-views';
import type { Knex } from '@kyb/db';
import type { CaseFact, CaseFactName, CaseFactValue, CaseFacts } from './case-facts';

/** Where the facts come from. */
export interface CaseFactSources {
  db: Knex;
  verifications: Pick<VerificationDirectory, 'verificationsOfMany'>;
  hits: Pick<WatchlistHitDirectory, 'hitsOfMany'>;
  scores: Pick<ScoreDirectory, 'latestSuccessfulOfMany'>;
  alerts: Pick<AlertDirectory, 'unresolvedCountsOfMany'>;
  records: Pick<IntegrationDirectory, 'publicRecordsOfMany'>;
  matches: Pick<MatchScreeningDirectory, 'newestOfMany'>;
  clock: () => Date;
}

/** Whole months from `from` to `to`. */
function monthsBetween(from: Date, to: Date): number {
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  return Math.max(0, to.getUTCDate() < from.getUTCDate() ? months - 1 : months);
}

/**
 * The sanctions hit counts, known once the business was screened: its SANCTIONS check passed or
 * failed (kept current after each screening and review), or hits exist (only a screening makes them).
 */
function watchlistFacts(verification: VerificationEntry | undefined, hits: WatchlistHitEntry[], put: (name: CaseFactName, value: CaseFactValue, at: Date) => void): void {
  const check = verification?.checks.find((c) => c.code === 'SANCTIONS');
  const screened = hits.length > 0 || check?.result === 'PASS' || check?.result === 'FAIL';
  if (!screened) return;
  const times = [verification?.verifiedAt, ...hits.map((h) => h.reviewedAt ?? h.createdAt)].filter((t): t is Date => t instanceof Date);
  const at = new Date(Math.max(...times.map((t) => t.getTime())));
  put('watchlist.open_hits', hits.filter((h) => h.status === 'OPEN').length, at);
  put('watchlist.confirmed_hits', hits.filter((h) => h.status === 'CONFIRMED').length, at);
}

/**
 * `match.result` from the business's newest MATCH screening: null when none was asked for or it
 * failed (no result to read), the result once it completed, and missing while it runs.
 */
function matchFact(newest: MatchScreeningEntry | undefined, opened: Date, put: (value: CaseFactValue, at: Date) => void): void {
  if (!newest) put(null, opened);
  else if (newest.status === 'COMPLETED') put(newest.result, newest.completedAt ?? newest.updatedAt);
  else if (newest.status === 'FAILED') put(null, newest.updatedAt);
}

/** Reads the facts of businesses, by business id (every business asked for has an entry, perhaps empty). */
export function createCaseFactsReader(sources: CaseFactSources) {
  return async function factsOf(businessIds: readonly string[]): Promise<Map<string, CaseFacts>> {
    const ids = [...new Set(businessIds)];
    const [businesses, verifications, hits, records, matches, scores, alerts] = await Promise.all([
      sources.db('cases.businesses').whereIn('id', ids).select<Array<{ id: string; naics_code: string | null; mcc_code: string | null; address_state: string | null; created_at: Date; updated_at: Date }>>('id', 'naics_code', 'mcc_code', 'address_state', 'created_at', 'updated_at'),
      sources.verifications.verificationsOfMany(ids),
      sources.hits.hitsOfMany(ids),
      sources.records.publicRecordsOfMany(ids),
      sources.matches.newestOfMany(ids),
      sources.scores.latestSuccessfulOfMany(ids),
      sources.alerts.unresolvedCountsOfMany(ids),
    ]);
    const now = sources.clock();
    const all = new Map<string, CaseFacts>();
    for (const business of businesses) {
      const facts = new Map<CaseFactName, CaseFact>();
      const put = (name: CaseFactName, value: CaseFactValue, at: Date, source: string) => facts.set(name, { value, source, at });
      put('business.naics_code', business.naics_code, business.updated_at, 'business');
      put('business.mcc_code', business.mcc_code, business.updated_at, 'business');
      put('business.state', business.address_state, business.updated_at, 'business');
      const verification = verifications.get(business.id);
      if (verification) {
        put('verification.status', verification.status, verification.verifiedAt, 'verification');
        for (const check of verification.checks) put(`verification.check.${check.code}`, check.result, verification.verifiedAt, 'verification');
      }
      watchlistFacts(verification, hits.get(business.id) ?? [], (name, value, at) => put(name, value, at, 'watchlist_screening'));
      const publicRecords = records.get(business.id);
      if (publicRecords) {
        const filed = publicRecords.summary.corporate_filing_filling_date ? new Date(publicRecords.summary.corporate_filing_filling_date) : null;
        put('registration.age_months', filed && !Number.isNaN(filed.getTime()) ? monthsBetween(filed, now) : null, publicRecords.updatedAt, 'public_records');
      }
      matchFact(matches.get(business.id), business.created_at, (value, at) => put('match.result', value, at, 'match_screening'));
      const score = scores.get(business.id);
      if (score) {
        put('score.decision', score.decision, score.createdAt, 'score');
        put('score.risk_level', score.riskLevel, score.createdAt, 'score');
      }
      // Alerts are always known: none until monitoring raises one.
      const unresolved = alerts.get(business.id) ?? { open: 0, high: 0, newestAt: business.created_at };
      put('alerts.open', unresolved.open, unresolved.newestAt, 'alerts');
      put('alerts.open_high', unresolved.high, unresolved.newestAt, 'alerts');
      all.set(business.id, facts);
    }
    return all;
  };
}

/** The case facts reader type, for injection. */
export type CaseFactsReader = ReturnType<typeof createCaseFactsReader>;
