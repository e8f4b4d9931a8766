import { readable } from './reason-codes';
import type { WatchlistHitInput } from './score-inputs';
import { worseDecision } from './verification-rule';
import { DEFAULT_WATCHLIST_RULE, type ScoreDecision, type WatchlistRule, type WeightageConfig } from './weightage-config-shape';

/**
 * The reason codes of the watchlist rule, beside the factors' (R01..R14, reason-codes.ts) in the
 * same fixed table of numbers: never renumbered or reused. They name a decision the rule capped,
 * not points a factor cost.
 */
export const WATCHLIST_REASON_CODES = {
  /** A CONFIRMED sanctions hit (DECLINE by default). */
  CONFIRMED: 'R15',
  /** An OPEN sanctions hit, not yet reviewed (FURTHER_REVIEW_NEEDED by default). */
  OPEN: 'R16',
} as const;

/** The `factor_code` of the watchlist rule's reason codes: the rule, as no factor gave them. */
export const WATCHLIST_RULE_CODE = 'WATCHLIST_HIT';

/** A reason the watchlist rule gives: its code and the plain-language text. */
export interface WatchlistReason {
  code: string;
  reason: string;
}

/** A decision after the config's watchlist rule, what the rule did (null: no hit it applies to) and its reasons. */
export interface WatchlistDecision {
  decision: ScoreDecision;
  log: string | null;
  reasons: WatchlistReason[];
}

/** The watchlist rule a config applies: its own, else the default. */
export function watchlistRuleOf(config: Pick<WeightageConfig, 'watchlistRule'>): WatchlistRule {
  return config.watchlistRule ?? DEFAULT_WATCHLIST_RULE;
}

const WHOSE = { legal_name: 'the legal name', dba: 'a DBA name', owner: "an owner's name" } as const;

/** Whose name matched which entry of which list: never the name itself (an owner's name is personal data). */
export function describeHit(hit: Pick<WatchlistHitInput, 'subjectRole' | 'list' | 'entryId' | 'entryName'>): string {
  return `${WHOSE[hit.subjectRole] ?? 'a name'} matches ${hit.list} entry ${hit.entryId} (${hit.entryName})`;
}

function reasonOf(code: string, what: string, hits: readonly WatchlistHitInput[]): WatchlistReason {
  const [first] = hits;
  const more = hits.length > 1 ? ` and ${readable(hits.length - 1)} more` : '';
  return { code, reason: `${what}: ${describeHit(first)}${more}` };
}

/**
 * Applies a config's watchlist rule to the decision: a business with a CONFIRMED hit gets no
 * better decision than `confirmedHitDecision` (DECLINE: forced), one with an OPEN hit no better
 * than `openHitDecision`. A part that is null does nothing. Each part that applies to a hit gives
 * its reason code (whether or not it changed the decision, since it would have); no hit, no log.
 */
export function applyWatchlistRule(rule: WatchlistRule, decision: ScoreDecision, hits: readonly WatchlistHitInput[] | undefined): WatchlistDecision {
  const confirmed = (hits ?? []).filter((h) => h.status === 'CONFIRMED');
  const open = (hits ?? []).filter((h) => h.status === 'OPEN');
  const parts = [
    { cap: rule.confirmedHitDecision, found: confirmed, code: WATCHLIST_REASON_CODES.CONFIRMED, what: 'Confirmed sanctions hit', noun: 'confirmed' },
    { cap: rule.openHitDecision, found: open, code: WATCHLIST_REASON_CODES.OPEN, what: 'Sanctions hit awaiting review', noun: 'open' },
  ];
  let result = decision;
  const reasons: WatchlistReason[] = [];
  const said: string[] = [];
  for (const { cap, found, code, what, noun } of parts) {
    if (found.length === 0) continue;
    const ids = found.map((h) => h.id).join(', ');
    if (cap === null) {
      said.push(`${found.length} ${noun} hit(s) (${ids}) left to the score by the config`);
      continue;
    }
    reasons.push(reasonOf(code, what, found));
    const capped = worseDecision(result, cap);
    said.push(capped === result ? `${found.length} ${noun} hit(s) (${ids}): ${result} is within ${cap}` : `${found.length} ${noun} hit(s) (${ids}): decision ${capped} (it was ${result})`);
    result = capped;
  }
  if (said.length === 0) return { decision, log: null, reasons };
  return { decision: result, log: `Watchlist: ${said.join('; ')}`, reasons };
}
