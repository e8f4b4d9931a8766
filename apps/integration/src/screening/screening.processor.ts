import type { Logger } from '@kyb/http';
import type { BusinessDirectory } from '@kyb/area-views';
import type { JobAttempts } from '@kyb/queues';
import { ProviderError } from '../providers/providers.errors';
import { loadBusinessProfile } from '../providers/load-business-profile';
import type { ScreeningCredentialsService } from './screening-credentials.service';
import { PermanentScreeningFailure, StoredCredentialsUnreadableError } from './screening.errors';
import type { ScreeningCredentials, ScreeningProvider } from '../providers/screening.provider';
import type { ScreeningRow, ScreeningStore } from './screening.store';

/** Reason of a screening that failed for a reason of ours (a bug, the database): nothing internal is shown. */
const INTERNAL_FAILURE = 'The screening could not be completed because of an internal error.';

/**
 * Runs one queued screening. Already ended: nothing to do. A transient provider failure is thrown
 * so the queue retries with backoff, and on the last attempt the screening is FAILED first; a
 * permanent one (the provider refuses, the credentials or the business are gone) FAILS it at once.
 */
export function createScreeningProcessor(options: {
  store: ScreeningStore;
  credentials: ScreeningCredentialsService;
  businesses: BusinessDirectory;
  provider: ScreeningProvider;
  clock: () => Date;
  logger: Logger;
}) {
  const { store, businesses, provider, clock, logger } = options;

  async function credentialsFor(row: ScreeningRow): Promise<ScreeningCredentials> {
    let credentials: ScreeningCredentials | undefined;
    try {
      credentials = await options.credentials.credentialsOf(row.customer_id);
    } catch (err) {
      if (err instanceof StoredCredentialsUnreadableError) throw new PermanentScreeningFailure('The stored screening credentials could not be read.');
      throw err;
    }
    if (!credentials) throw new PermanentScreeningFailure('The screening credentials were removed before the screening ran.');
    if (credentials.certificateExpiry.getTime() <= clock().getTime()) {
      throw new PermanentScreeningFailure('The screening certificate expired before the screening ran.');
    }
    return credentials;
  }

  async function screen(row: ScreeningRow): Promise<void> {
    const business = await loadBusinessProfile(businesses, row.business_id);
    if (!business || business.customerId !== row.customer_id) throw new PermanentScreeningFailure('The business no longer exists for this customer.');
    const credentials = await credentialsFor(row);
    const outcome = await provider.screen({ business, icas: row.icas, credentials });
    await store.complete(row.id, outcome, clock());
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
