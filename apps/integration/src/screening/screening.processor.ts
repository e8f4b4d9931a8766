import type { Logger } from '@kyb/http';
import type { BusinessDirectory } from '@kyb/area-views';
import type { JobAttempts } from '@kyb/queues';
import { ProviderError } from '../providers/providers.errors';
import type { BusinessProfile } from '../providers/business-profile';
import { loadBusinessProfile } from '../providers/load-business-profile';
import type { ScreeningCredentialsService } from './screening-credentials.service';
import { PermanentScreeningFailure, StoredCredentialsUnreadableError } from './screening.errors';
import type { ChosenScreeningProviderFor, ScreeningCredentials, ScreeningOutcome, ScreeningProvider } from '../providers/screening.provider';
import type { VendorTrace } from '../providers/verification.providers';
import type { ScreeningRow, ScreeningStore } from './screening.store';

/** Reason of a screening that failed for a reason of ours (a bug, the database): nothing internal is shown. */
const INTERNAL_FAILURE = 'The screening could not be completed because of an internal error.';

/**
 * Runs one queued screening. Already ended: nothing to do. A transient provider failure is thrown
 * so the queue retries with backoff, and on the last attempt the screening is FAILED first; a
 * permanent one (the provider refuses, the credentials or the business are gone) FAILS it at once.
 * A tenant that chose a screening adapter is screened by it, with its choice's credentials.
 */
export function createScreeningProcessor(options: {
  store: ScreeningStore;
  credentials: ScreeningCredentialsService;
  businesses: BusinessDirectory;
  provider: ScreeningProvider;
  /** The adapter a tenant chose for merchant-screening, if any: it replaces `provider` and the stored credentials. */
  chosenProviderFor?: ChosenScreeningProviderFor;
  clock: () => Date;
  logger: Logger;
}) {
  const { store, businesses, provider, clock, logger } = options;
  const hasExpired = (expiry: Date | null) => expiry !== null && expiry.getTime() <= clock().getTime();

  async function credentialsFor(row: ScreeningRow): Promise<ScreeningCredentials> {
    let credentials: ScreeningCredentials | undefined;
    try {
      credentials = await options.credentials.credentialsOf(row.customer_id);
    } catch (err) {
      if (err instanceof StoredCredentialsUnreadableError) throw new PermanentScreeningFailure('The stored screening credentials could not be read.');
      throw err;
    }
    if (!credentials) throw new PermanentScreeningFailure('The screening credentials were removed before the screening ran.');
    if (hasExpired(credentials.certificateExpiry)) throw new PermanentScreeningFailure('The screening certificate expired before the screening ran.');
    return credentials;
  }

  /** The outcome from the tenant's chosen adapter when it chose one, else from the provider with its stored credentials. */
  async function outcomeOf(row: ScreeningRow, business: BusinessProfile): Promise<ScreeningOutcome & { trace?: VendorTrace }> {
    const chosen = await options.chosenProviderFor?.(row.customer_id);
    if (!chosen) return provider.screen({ business, icas: row.icas, credentials: await credentialsFor(row) });
    if (hasExpired(chosen.certificateExpiry)) throw new PermanentScreeningFailure('The screening certificate expired before the screening ran.');
    return chosen.screen({ business, icas: row.icas });
  }

  async function screen(row: ScreeningRow): Promise<void> {
    const business = await loadBusinessProfile(businesses, row.business_id);
    if (!business || business.customerId !== row.customer_id) throw new PermanentScreeningFailure('The business no longer exists for this customer.');
    await store.complete(row.id, await outcomeOf(row, business), clock());
  }

  return async (screeningId: string, attempt: JobAttempts): Promise<void> => {
    const found = await store.findById(screeningId);
    if (!found || found.status === 'COMPLETED' || found.status === 'FAILED') return;
    const row = await store.markProcessing(screeningId, clock());
    if (!row) return;
    const last = attempt.made + 1 >= attempt.allowed;
    try {
      await screen(row);
    } catch (err) {
      const log = { screeningId, attempt: attempt.made + 1, of: attempt.allowed };
      if (err instanceof PermanentScreeningFailure || (err instanceof ProviderError && !err.transient)) {
        logger.warn({ ...log, reason: err.message }, 'screening failed');
        await store.fail(screeningId, err.message, clock());
        return;
      }
      if (last) {
        const reason = err instanceof ProviderError ? `${err.message} Gave up after ${attempt.allowed} attempts.` : INTERNAL_FAILURE;
        logger.error({ ...log, err }, 'screening failed on its last attempt');
        await store.fail(screeningId, reason, clock());
      }
      throw err;
    }
  };
}
