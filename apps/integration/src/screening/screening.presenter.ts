import type { MatchResult, MerchantMatch, PrincipalMatch } from '../providers/screening.provider';
import type { ScreeningRow, ScreeningStatus } from './screening.store';

/** Messages of the result endpoints, by state. */
export const RESULT_MESSAGES = {
  completed: 'Screening result retrieved successfully',
  processing: 'Screening is still processing.',
  latestFailed: 'The latest screening failed.',
  failed: 'The screening failed.',
} as const;

/** A screening run as the API shows it. */
export interface ScreeningView {
  id: string;
  status: ScreeningStatus;
  icas: string[];
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  failure_reason: string | null;
}

/** What a completed screening found (`data.matchData`). */
export interface MatchData {
  businessId: string;
  matchResult: MatchResult;
  screeningId: string;
  icas: string[];
  merchant: MerchantMatch;
  principals: PrincipalMatch[];
  providerReference: string;
  screenedAt: string | null;
}

/** The answer of a result endpoint: its HTTP status, message and data. */
export interface ScreeningResultAnswer {
  httpStatus: 200 | 202;
  message: string;
  data: { matchData: MatchData | null; screening: ScreeningView };
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** A screening run, without its result. */
export function presentScreening(row: ScreeningRow): ScreeningView {
  return {
    id: row.id,
    status: row.status,
    icas: row.icas,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    completed_at: iso(row.completed_at),
    failure_reason: row.failure_reason,
  };
}

/** A run in the history list: the run and its overall outcome, when it has one. */
export function presentListedScreening(row: ScreeningRow): ScreeningView & { match_result: MatchResult | null } {
  return { ...presentScreening(row), match_result: row.match_result };
}

function matchData(row: ScreeningRow): MatchData | null {
  if (row.status !== 'COMPLETED' || !row.result) return null;
  const outcome = row.result;
  return {
    businessId: row.business_id,
    matchResult: outcome.matchResult,
    screeningId: row.id,
    icas: outcome.icasSearched,
    merchant: outcome.merchant,
    principals: outcome.principals,
    providerReference: outcome.providerReference,
    screenedAt: iso(row.completed_at),
  };
}

/**
 * The result of one screening: 202 while it runs, 200 with `matchData` once completed, 200 with
 * the failure reason when it failed. `latest` picks the failure message of the latest-result endpoint.
 */
export function presentResult(row: ScreeningRow, latest: boolean): ScreeningResultAnswer {
  const data = { matchData: matchData(row), screening: presentScreening(row) };
  switch (row.status) {
    case 'COMPLETED':
      return { httpStatus: 200, message: RESULT_MESSAGES.completed, data };
    case 'FAILED':
      return { httpStatus: 200, message: latest ? RESULT_MESSAGES.latestFailed : RESULT_MESSAGES.failed, data };
    default:
      return { httpStatus: 202, message: RESULT_MESSAGES.processing, data };
  }
}
