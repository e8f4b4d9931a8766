import { randomUUID } from 'node:crypto';
import type { AuthContext } from '@kyb/auth';
import { withTransaction, type Knex } from '@kyb/db';
import type { Logger } from '@kyb/http';
import type { Producer } from '@kyb/queues';
import type { SealedBox } from '@kyb/secrets';
import type { CustomerDirectory } from '@kyb/tenants';
import type { BusinessStore } from '../businesses/businesses.store';
import { presentBusiness } from '../businesses/business.presenter';
import { compileCheck, strictObject } from '@kyb/validation';
import { businessRowProperties, type BusinessRowInput } from './add-business.columns';
import { insertBusinessRecords, maskedInput, toBusinessRecords, type BusinessRecords } from './business-rows';
import { FeatureNotEnabledError, OnboardingLimitExhaustedError, OnboardingLimitWillExceedError, RowValidationError } from './onboarding.errors';
import { usageMonth, type OnboardingStore } from './onboarding.store';
import { validateBusinessRow, type RowFailure } from './row-validation';

/** The feature switch that gates adding businesses (contract 7.1 row 5). */
export const ADD_BUSINESS_FEATURE = 'PAT_120_ADD_BUSINESS';

/** Options of {@link createOnboardingService}. */
export interface OnboardingServiceOptions {
  db: Knex;
  store: OnboardingStore;
  businesses: BusinessStore;
  directory: CustomerDirectory;
  sealedBox: SealedBox;
  enrichment: Producer<{ businessId: string; customerId: string }>;
  clock: () => Date;
  logger: Logger;
}

/**
 * Adding businesses: one row (E12) or many (bulk). All rows are stored or none; the monthly
 * onboarding limit holds under concurrency because a run locks its customer's usage row for the
 * length of its transaction.
 */
export function createOnboardingService(options: OnboardingServiceOptions) {
  const { db, store, directory, clock } = options;
  const rowSchema = compileCheck(strictObject(businessRowProperties, ['name']), 'body');

  /** A bulk row's schema problem, reported as a row failure so every row's problems are listed. */
  function schemaFailures(row: BusinessRowInput): RowFailure[] {
    const problem = rowSchema(row);
    if (!problem) return [];
    const column = problem.property ?? 'row';
    return [{ column, providedKey: column, value: row[column] ?? null, reason: problem.message.replace(/^body/, 'row') }];
  }

  function checkLimit(limit: number | null, used: number, count: number): void {
    if (limit === null) return;
    if (used >= limit) throw new OnboardingLimitExhaustedError();
    if (used + count > limit) throw new OnboardingLimitWillExceedError();
  }

  async function titles(): Promise<Map<string, number>> {
    const rows = await db('cases.owner_titles').select('id', 'title');
    return new Map(rows.map((r: { id: number; title: string }) => [r.title.toLowerCase(), r.id]));
  }

  return {
    /** 7.1 row 5: throws unless the customer has switched adding businesses on. */
    async assertFeatureEnabled(customerId: string): Promise<void> {
      if (!(await directory.isEnabled(customerId, ADD_BUSINESS_FEATURE))) throw new FeatureNotEnabledError();
    },

    /** 7.1 rows 6 and 7, checked early (without a lock) so a refused request costs little. */
    async assertWithinLimit(customerId: string, count: number): Promise<void> {
      const customer = await directory.find(customerId);
      if (!customer || customer.monthlyOnboardingLimit === null) return;
      checkLimit(customer.monthlyOnboardingLimit, await store.used(db, customerId, usageMonth(clock())), count);
    },

    /** Checks and stores the rows in one transaction; answers the run id and each created business by row index. */
    async addBusinesses(caller: AuthContext, customerId: string, rows: BusinessRowInput[], mode: { checkSchema?: boolean } = {}) {
      const runId = randomUUID();
      const month = usageMonth(clock());
      const customer = await directory.find(customerId);
      const ownerTitles = await titles();
      const records = await withTransaction(db, async (trx) => {
        const used = await store.lockUsage(trx, customerId, month);
        checkLimit(customer?.monthlyOnboardingLimit ?? null, used, rows.length);
        const externalIds = rows.map((r) => r.external_id).filter((v): v is string => typeof v === 'string');
        const existing = await store.businessesByExternalId(trx, customerId, externalIds);
        const failed: Record<string, { message: string; data: RowFailure[] }> = {};
        const seen = new Set<string>();
        rows.forEach((row, index) => {
          const invalid = mode.checkSchema ? schemaFailures(row) : [];
          const failures = invalid.length > 0 ? invalid : validateBusinessRow(row, { existingExternalIds: existing, externalIdsInRun: seen, today: clock() });
          if (typeof row.external_id === 'string') seen.add(row.external_id);
          if (failures.length > 0) failed[String(index)] = { message: 'Validation failed. Error details:', data: failures };
        });
        if (Object.keys(failed).length > 0) throw new RowValidationError(runId, failed);
        const built: BusinessRecords[] = rows.map((row) =>
          toBusinessRecords(row, { customerId, actorId: caller.userId, runId, sealedBox: options.sealedBox, titles: ownerTitles }),
        );
        await store.insertRun(trx, { id: runId, customer_id: customerId, created_by: caller.userId, row_count: rows.length, status: 'SUCCEEDED' });
        await insertBusinessRecords(trx, built);
        await store.addUsage(trx, customerId, month, rows.length);
        return built;
      });

      // Enrichment is queued after the commit; a failure to queue is logged, the businesses stay.
      await Promise.all(
        records.map((r) =>
          options.enrichment
            .add({ businessId: r.business.id, customerId }, { jobId: `enrich-${r.business.id}` })
            .catch((err: unknown) => options.logger.error({ err, businessId: r.business.id }, 'could not queue enrichment')),
        ),
      );
      const result: Record<string, unknown> = {};
      const stored = await options.businesses.findByIds(records.map((r) => r.business.id), true);
      for (const [index, aggregate] of stored.entries()) {
        const business = presentBusiness(aggregate, true);
        result[String(index)] = {
          warnings: [],
          userID: caller.userId,
          customerID: customerId,
          riskMonitoring: business.is_monitoring_enabled,
          data_businesses: business,
          data_cases: [],
          integration_data: maskedInput(rows[index]),
          business_customer: {
            business_id: business.id,
            customer_id: customerId,
            created_at: business.created_at,
            created_by: business.created_by,
            is_monitoring_enabled: business.is_monitoring_enabled,
            external_id: business.external_id,
            metadata: null,
          },
        };
      }
      return { runId, result };
    },
  };
}

/** The onboarding service type, for injection. */
export type OnboardingService = ReturnType<typeof createOnboardingService>;
