import { isOutage, ValidationError } from '@kyb/envelope';
import { toStorableText } from '@kyb/validation';
import { ApplicantNotFoundError } from '../applicants/applicants.errors';
import { OnboardingLimitExhaustedError, OnboardingLimitWillExceedError, RowValidationError } from './onboarding.errors';

/** How an onboarding run failed for good, as its row keeps it. */
export interface RunFailure {
  failure_reason: string;
  failed_rows?: Record<string, unknown>;
  /** Not a failure the rows explain (a refused write, a bug): worth an error in the log. */
  unexpected: boolean;
}

/**
 * The errors that end a run for good with their own message, as a client error would answer the
 * request: what the customer's monthly limit, the applicants the rows name or a schema refuse.
 * Retrying the same rows gives the same answer. (Row failures, {@link RowValidationError}, end it
 * too, with their rows.) Any other error is an outage to retry or an unexpected failure.
 */
const PERMANENT_RUN_FAILURES = [OnboardingLimitExhaustedError, OnboardingLimitWillExceedError, ApplicantNotFoundError, ValidationError] as const;

/** An error that ends a run for good with its message (one of {@link PERMANENT_RUN_FAILURES}). */
export type PermanentRunFailure = InstanceType<(typeof PERMANENT_RUN_FAILURES)[number]>;

/** Whether `err` ends a run for good with its message. */
export function isPermanentRunFailure(err: unknown): err is PermanentRunFailure {
  return PERMANENT_RUN_FAILURES.some((failure) => err instanceof failure);
}

/** A client-safe reason for an error PostgreSQL raised while storing the rows: no SQL, no value. */
function databaseReason(code: string): string | null {
  if (code.startsWith('22')) return 'A row holds a value the database cannot store; nothing was stored.';
  if (code === '23505') return 'A row conflicts with data stored meanwhile (a duplicate); nothing was stored.';
  if (code.startsWith('23')) return 'A row breaks a rule of the stored data; nothing was stored.';
  return null;
}

/**
 * How a run ends after `err`, or null when the error is an outage worth another attempt (and this
 * is not the last one). Everything else ends the run FAILED: retrying the same rows gives the same
 * answer, and a run must never stay PENDING because of what its rows hold.
 */
export function runFailureOf(err: unknown, finalAttempt: boolean): RunFailure | null {
  if (err instanceof RowValidationError) return { failure_reason: err.message, failed_rows: err.failedRows, unexpected: false };
  if (isPermanentRunFailure(err)) return { failure_reason: err.message, unexpected: false };
  if (isOutage(err)) {
    return finalAttempt ? { failure_reason: 'The database did not answer on any attempt; nothing was stored.', unexpected: true } : null;
  }
  const code = (err as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' ? databaseReason(code) : null;
  return { failure_reason: reason ?? 'The run failed unexpectedly; nothing was stored.', unexpected: true };
}

/**
 * What the run's row can keep of a failure: the failed rows echo the client's values, so any text
 * PostgreSQL cannot store (NUL, a lone surrogate) is replaced with U+FFFD.
 */
export function storableFailure(failure: RunFailure): { failure_reason: string; failed_rows?: Record<string, unknown> } {
  return {
    failure_reason: toStorableText(failure.failure_reason),
    ...(failure.failed_rows ? { failed_rows: toStorableText(failure.failed_rows) } : {}),
  };
}
