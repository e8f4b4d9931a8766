import { randomUUID } from 'node:crypto';
import { canAccessCustomer, TenantAccessDeniedError, unseen, type AuthContext } from '@kyb/auth';
import { isOutage, NotFoundError, type RawJson } from '@kyb/envelope';
import { UnknownMasterKeyError } from '@kyb/secrets';
import { auditInsertPart, recordAudit, runChained, withTransaction, type Knex } from '@kyb/db';
import { auditActOf, type Actor } from '@kyb/auth';
import type { Logger } from '@kyb/http';
import { createPhoneReader } from '../businesses/phone-numbers';
import { onboardingRunJobId, type Producer } from '@kyb/queues';
import { CustomerNotFoundError, dataKeyScope, type CustomerDirectory, type CustomerEntry, type DataKeys } from '@kyb/area-views';
import { compileCheck, strictObject, unstorableTextIn } from '@kyb/validation';
import { ApplicantNotFoundError } from '../applicants/applicants.errors';
import type { ApplicantStore } from '../applicants/applicants.store';
import { toBusinessRecords, type BusinessRecords, type RowOwnership } from '../businesses/business-records';
import type { BusinessRowInput } from '../businesses/business-row.columns';
import type { BusinessStore } from '../businesses/businesses.store';
import type { CaseStore } from '../cases/cases.store';
import { businessRowProperties } from './add-business.columns';
import type { EnrichmentGatherer } from './enrichment-gatherer';
import { presentAddedBusinesses } from './add-business.presenter';
import { integrationDataText } from './integration-data';
import { businessesAddedAct, type OnboardingActor } from './onboarding-audit';
import { openCases } from './open-cases';
import { FeatureNotEnabledError, OnboardingLimitExhaustedError, OnboardingLimitWillExceedError, ROW_FAILED, RowValidationError, RunAlreadyFinishedError } from './onboarding.errors';
import { usageMonth, type OnboardingStore } from './onboarding.store';
import { validateBusinessRow, type RowFailure } from './row-validation';
import { runFailureOf, storableFailure, type RunFailure } from './run-failures';

/** How a dry run leaves its transaction: with the answer the request would get, and everything it wrote rolled back. */
class DryRunOutcome extends Error {
  constructor(readonly result: ReturnType<typeof presentAddedBusinesses>) {
    super('dry run');
  }
}

/** The feature switch that gates adding businesses (contract 7.1 row 5). */
export const ADD_BUSINESS_FEATURE = 'PAT_120_ADD_BUSINESS';

/** Whether `row` has the shape the E12 schema admits: a text `name`, and text, number or boolean columns. */
function isBusinessRow(row: Record<string, unknown>): row is BusinessRowInput {
  return typeof row.name === 'string' && Object.values(row).every((value) => ['string', 'number', 'boolean', 'undefined'].includes(typeof value));
}

/**
 * Each row's `integration_data` text for the answer, written once the statement storing the rows has
 * been sent (the next turn of the event loop): a bulk's 1,000 echoes (most of its 7 MB answer) are
 * then written while PostgreSQL works on the rows, instead of after the read-back (ADR 0038).
 */
async function echoedMeanwhile(rows: readonly BusinessRowInput[]): Promise<RawJson[]> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return rows.map(integrationDataText);
}

/** Options of {@link createOnboardingService}. */
export interface OnboardingServiceOptions {
  db: Knex;
  store: OnboardingStore;
  businesses: BusinessStore;
  /** Applicants, shared with the invitation flow. */
  applicants: ApplicantStore;
  cases: CaseStore;
  directory: CustomerDirectory;
  /** Seals TINs, SSNs and the rows of async runs with the customer's data key. */
  dataKeys: Pick<DataKeys, 'boxFor' | 'open'>;
  /** Queues the enrichments: a single add's at once or with the customer's next single adds (ADR 0028), a bulk's in batches, after the answer (ADR 0029). */
  gatherer: EnrichmentGatherer;
  runs: Producer<{ runId: string }>;
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

  /**
   * A bulk row's schema problem, reported as a row failure so every row's problems are listed.
   * Text PostgreSQL cannot store comes first: rows the request guard never saw (a run queued
   * before it existed) must fail here, by row and column, not in the database.
   */
  function schemaFailures(row: Record<string, unknown>): RowFailure[] {
    const unstorable = Object.entries(row).flatMap(([column, value]) => {
      const reason = unstorableTextIn({ [column]: value }, 'row');
      return reason ? [{ column, providedKey: column, value: value ?? null, reason }] : [];
    });
    if (unstorable.length > 0) return unstorable;
    const problem = rowSchema(row);
    if (!problem) return [];
    const column = problem.property ?? 'row';
    return [{ column, providedKey: column, value: row[column] ?? null, reason: problem.message.replace(/^body/, 'row') }];
  }

  /**
   * The row typed as the E12 schema admits it, or its schema failures. Bulk rows (`checkSchema`)
   * are checked here; a single business's body was checked by its request's schema, the same one.
   */
  function schemaChecked(row: Record<string, unknown>, checkSchema: boolean): { row: BusinessRowInput } | { failures: RowFailure[] } {
    const failures = checkSchema ? schemaFailures(row) : [];
    if (failures.length > 0) return { failures };
    if (isBusinessRow(row)) return { row };
    // Not reached while the schema admits only that shape: a row this code cannot read is a bug, not a row failure.
    throw new TypeError('a row passed the E12 schema but is not a flat row with a name');
  }

  function checkLimit(limit: number | null, used: number, count: number): void {
    if (limit === null) return;
    if (used >= limit) throw new OnboardingLimitExhaustedError();
    if (used + count > limit) throw new OnboardingLimitWillExceedError();
  }

  /** Ends a run FAILED with its (storable) failed rows; when even those cannot be kept, with the reason alone. */
  async function endFailedRun(runId: string, failure: RunFailure): Promise<void> {
    const reasonAlone = { failure_reason: `${storableFailure({ ...failure, failed_rows: undefined }).failure_reason} (the failed rows could not be kept)` };
    try {
      await store.finishRun(db, runId, { status: 'FAILED', ...storableFailure(failure) }, clock());
    } catch (err) {
      if (isOutage(err) || !failure.failed_rows) throw err;
      options.logger.error({ err, runId }, 'could not keep the failed rows of an onboarding run');
      await store.finishRun(db, runId, { status: 'FAILED', ...reasonAlone }, clock());
    }
  }

  /**
   * Queued after the commit: one business through the gatherer (at once, or with the customer's
   * next single adds in its window; not waited for), a bulk's in batches of ENRICHMENT_BATCH_SIZE
   * (waited for in a run's job). A failure to queue is logged, the businesses stay: the integration
   * area's recovery sweep finds businesses without an enrichment task and queues them.
   */
  async function queueEnrichment(runId: string, customerId: string, businessIds: string[]): Promise<void> {
    if (businessIds.length === 1) return options.gatherer.add(customerId, businessIds[0]);
    await options.gatherer.addRun(runId, customerId, businessIds);
  }

  /** Whether `row` names an applicant (by id or by details): its case is opened in the add's transaction. */
  const namesApplicant = (row: Record<string, unknown>) => typeof row.applicant_id === 'string' || typeof row.applicant_email === 'string';

  /**
   * A request's rows stored in one statement, without the round trips of a transaction (ADR 0037),
   * when no row names an applicant and every row passes its checks as if no external id were stored
   * yet: the statement itself holds the usage to the limit, and the unique index the external ids.
   * Answers undefined when the add must take its transaction instead, which checks it as it always
   * did and answers the contract's error: a row that failed a check here, or a statement undone (a
   * limit passed, an external id stored already). A dry run, a queued run and a row naming an
   * applicant always take it.
   */
  async function storedAtOnce(
    add: { actorId: string; customerId: string; runId: string; month: string; limit: number | null; rows: Array<Record<string, unknown>> },
    mode: { checkSchema?: boolean; runId?: string; actor?: OnboardingActor; dryRun?: boolean },
    sealing: Pick<RowOwnership, 'sealedBox' | 'titles'>,
  ): Promise<{ built: BusinessRecords[]; cases: Map<string, object[]>; checked: BusinessRowInput[]; echoes: RawJson[] } | undefined> {
    const { actorId, customerId, runId, rows } = add;
    if (mode.runId || mode.dryRun || rows.some(namesApplicant)) return undefined;
    const seen = new Set<string>();
    const phones = createPhoneReader();
    const checked: BusinessRowInput[] = [];
    for (const row of rows) {
      const schema = schemaChecked(row, mode.checkSchema === true);
      if (!('row' in schema)) return undefined;
      if (validateBusinessRow(schema.row, { existingExternalIds: new Map(), externalIdsInRun: seen, today: clock(), phones }).length > 0) return undefined;
      if (typeof row.external_id === 'string') seen.add(row.external_id.trim());
      checked.push(schema.row);
    }
    const built = checked.map((row) => toBusinessRecords(row, { customerId, actorId, runId, phones, ...sealing }));
    const businessIds = built.map((b) => b.business.id);
    const run = { id: runId, customer_id: customerId, created_by: actorId, row_count: rows.length, status: 'SUCCEEDED' as const, business_ids: businessIds, finished_at: clock() };
    const parts = [
      ...store.runInsertParts(db, run),
      ...options.businesses.recordsParts(db, built),
      ...(mode.actor ? [auditInsertPart('cases', [businessesAddedAct(mode.actor, { customerId, runId, businessIds }, clock())])] : []),
    ];
    const [stored, echoes] = await Promise.all([
      store.storeAtOnce(db, { customerId, month: add.month, count: rows.length, limit: add.limit, parts }),
      echoedMeanwhile(checked),
    ]);
    return stored ? { built, cases: new Map(), checked, echoes } : undefined;
  }

  return {
    /**
     * The customer's onboarding limit this month, as E12 counts it: `limit` (null: unlimited), `used`,
     * `remaining` (null when unlimited) and when the count starts again (the next month, UTC).
     */
    async limit(caller: AuthContext, customerId: string) {
      const customer = await directory.find(customerId);
      // A CUSTOMER's token vouches for its tenant (checked before); an ADMIN may name any id.
      if (!customer) throw unseen(caller, new CustomerNotFoundError());
      const now = clock();
      const used = await store.used(db, customer.id, usageMonth(now));
      const limit = customer.monthlyOnboardingLimit;
      return {
        limit,
        used,
        remaining: limit === null ? null : Math.max(0, limit - used),
        resets_at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      };
    },

    /** The customer as the auth area's directory shows it: read once per request and handed to the checks below. */
    customer: (customerId: string): Promise<CustomerEntry | undefined> => directory.find(customerId),

    /** Contract 7.1 row 5: throws unless the customer has switched adding businesses on (PAT_120_ADD_BUSINESS). */
    assertFeatureEnabled(customer: CustomerEntry | undefined): void {
      if (customer?.features[ADD_BUSINESS_FEATURE] !== true) throw new FeatureNotEnabledError();
    },

    /**
     * The monthly onboarding limit (7.1 rows 6 and 7: 403 when nothing is left, or when the request
     * would pass the limit), checked early (without a lock) so a refused request costs little.
     */
    async assertWithinLimit(customer: CustomerEntry | undefined, count: number): Promise<void> {
      if (!customer || customer.monthlyOnboardingLimit === null) return;
      checkLimit(customer.monthlyOnboardingLimit, await store.used(db, customer.id, usageMonth(clock())), count);
    },

    /**
     * Checks and stores the rows in one transaction; answers the run id and each created business by
     * row index. Rows read from a bulk request or run are unchecked: `checkSchema` checks each.
     */
    async addBusinesses(
      actorId: string,
      customerId: string,
      rows: Array<Record<string, unknown>>,
      mode: {
        checkSchema?: boolean;
        runId?: string;
        customer?: CustomerEntry;
        actor?: OnboardingActor;
        dryRun?: boolean;
        /** Settles when the request's answer is sent (or its connection is gone): the enrichment is queued then. */
        answered?: Promise<unknown>;
      } = {},
    ) {
      const runId = mode.runId ?? randomUUID();
      const month = usageMonth(clock());
      // The request's checks already read the customer; a run read in the worker reads it here.
      const customer = mode.customer ?? (await directory.find(customerId));
      const ownerTitles = await options.businesses.ownerTitles();
      const box = await options.dataKeys.boxFor(dataKeyScope(customerId));
      const limit = customer?.monthlyOnboardingLimit ?? null;
      const atOnce = await storedAtOnce({ actorId, customerId, runId, month, limit, rows }, mode, { sealedBox: box, titles: ownerTitles });
      const outcome = atOnce ?? await withTransaction(db, async (trx) => {
        if (mode.runId && !(await store.lockPendingRun(trx, mode.runId))) throw new RunAlreadyFinishedError(mode.runId);
        const used = await store.takeUsage(trx, customerId, month, rows.length);
        checkLimit(limit, used, rows.length);
        const externalIds = rows.map((r) => r.external_id).filter((v): v is string => typeof v === 'string').map((v) => v.trim());
        const existing = await store.businessesByExternalId(trx, customerId, externalIds);
        const failed: Record<string, { message: string; data: RowFailure[] }> = {};
        const seen = new Set<string>();
        // Each distinct phone number of the request is parsed once, for its check and for storing it.
        const phones = createPhoneReader();
        const checked: BusinessRowInput[] = [];
        rows.forEach((row, index) => {
          const schema = schemaChecked(row, mode.checkSchema === true);
          if ('row' in schema) checked.push(schema.row);
          const failures =
            'row' in schema ? validateBusinessRow(schema.row, { existingExternalIds: existing, externalIdsInRun: seen, today: clock(), phones }) : schema.failures;
          if (typeof row.external_id === 'string') seen.add(row.external_id.trim());
          if (failures.length > 0) failed[String(index)] = { message: ROW_FAILED, data: failures };
        });
        if (Object.keys(failed).length > 0) throw new RowValidationError(runId, failed);
        // No row failed, so every row is in `checked`, in order.
        const applicantIds = [...new Set(checked.map((r) => r.applicant_id).filter((v): v is string => typeof v === 'string'))];
        const knownApplicants = await options.applicants.applicantsByIds(trx, customerId, applicantIds);
        if (knownApplicants.length !== applicantIds.length) throw new ApplicantNotFoundError();
        const built: BusinessRecords[] = checked.map((row) =>
          toBusinessRecords(row, { customerId, actorId, runId, sealedBox: box, titles: ownerTitles, phones }),
        );
        const businessIds = built.map((b) => b.business.id);
        // A request's run is stored finished at once (nobody sees it before the commit); a queued run was PENDING and is finished.
        if (mode.runId) await store.finishRun(trx, runId, { status: 'SUCCEEDED', business_ids: businessIds }, clock());
        const run = { id: runId, customer_id: customerId, created_by: actorId, row_count: rows.length, status: 'SUCCEEDED' as const, business_ids: businessIds, finished_at: clock() };
        // The run, the businesses' rows and events, and the act, in one statement (ADR 0029).
        await runChained(trx, [
          ...(mode.runId ? [] : store.runInsertParts(trx, run)),
          ...options.businesses.recordsParts(trx, built),
          ...(mode.actor ? [auditInsertPart('cases', [businessesAddedAct(mode.actor, { customerId, runId, businessIds }, clock())])] : []),
        ]);
        const cases = await openCases(trx, { applicants: options.applicants, cases: options.cases, clock }, { actorId, customerId, rows: checked, built });
        // A dry run answers what was stored, as this transaction sees it, then rolls everything back.
        if (mode.dryRun) throw new DryRunOutcome(presentAddedBusinesses({ actorId, customerId, rows: checked, stored: await options.businesses.findByIdsIn(trx, businessIds), cases }));
        return { built, cases, checked };
      }).catch((err: unknown) => {
        if (err instanceof DryRunOutcome) return err;
        throw err;
      });
      if (outcome instanceof DryRunOutcome) return { runId, result: outcome.result };
      const { built: records, cases, checked } = outcome;

      const businessIds = records.map((r) => r.business.id);
      // In a process that also runs the workers, queued enrichment starts at once, and its work would
      // stand between the commit and the answer (a 1,000-row bulk's ten batches while its 7 MB answer
      // is written, a single add's whole enrichment): a request's is queued once its answer is sent
      // (ADR 0029), a run's after the read. Queued whatever the read gives.
      const queue = () => queueEnrichment(runId, customerId, businessIds);
      const answered = mode.answered;
      const stored = await options.businesses
        .findByIds(businessIds, true)
        .finally(() => (answered ? options.gatherer.afterAnswer(answered, () => void queue()) : queue()));
      return { runId, result: presentAddedBusinesses({ actorId, customerId, rows: checked, stored, cases, echoes: atOnce?.echoes }) };
    },

    /** `async=true`: keeps the rows sealed in a PENDING run and queues it; answers at once. The act is audited with the run. */
    async acceptRun(actorId: string, customerId: string, rows: Array<Record<string, unknown>>, by?: Actor) {
      const runId = randomUUID();
      const sealedRows = (await options.dataKeys.boxFor(dataKeyScope(customerId))).seal(JSON.stringify(rows));
      await withTransaction(db, async (trx) => {
        await store.insertRun(trx, {
          id: runId,
          customer_id: customerId,
          created_by: actorId,
          row_count: rows.length,
          status: 'PENDING',
          rows_sealed: sealedRows,
        });
        if (by) {
          const act = { customerId, action: 'onboarding_run.accepted', target: { type: 'onboarding_run', id: runId }, details: { rows: rows.length } };
          await recordAudit(trx, 'cases', [auditActOf(by, act, clock())]);
        }
      });
      // A failure to queue is logged, not answered: the run is stored, and the recovery sweep queues a PENDING run again.
      await options.runs
        .add({ runId }, { jobId: onboardingRunJobId(runId) })
        .catch((err: unknown) => options.logger.error({ err, runId }, 'could not queue onboarding run; the recovery sweep will'));
      return { runId, result: {} };
    },

    /**
     * The worker's step: stores a PENDING run's rows, and always ends the run unless the database
     * is out (thrown, to be retried; `final` on the last attempt ends it too). Row failures, the
     * limit, unreadable rows and anything the database refuses end it FAILED with the reason.
     */
    async processRun(runId: string, attempt: { final?: boolean } = {}): Promise<void> {
      const run = await store.findRun(db, runId);
      if (!run || run.status !== 'PENDING') return;
      let rows: Array<Record<string, unknown>>;
      try {
        const sealed: unknown = JSON.parse(await options.dataKeys.open(run.rows_sealed ?? ''));
        if (!Array.isArray(sealed)) throw new TypeError('the sealed rows are not a list');
        // Unchecked rows: addBusinesses checks each against the schema (checkSchema).
        rows = sealed;
      } catch (err) {
        // A database outage, or a master key this process lacks (DATA_ENCRYPTION_KEY_PREVIOUS during a rotation): retried, the rows kept.
        if (isOutage(err) || err instanceof UnknownMasterKeyError) throw err;
        options.logger.error({ err, runId }, 'could not read the rows of an onboarding run');
        await endFailedRun(runId, { failure_reason: 'The rows of the run could not be read; nothing was stored.', unexpected: true });
        return;
      }
      try {
        await this.addBusinesses(run.created_by, run.customer_id, rows, { checkSchema: true, runId, actor: { run: { acceptedBy: run.created_by } } });
      } catch (err) {
        if (err instanceof RunAlreadyFinishedError) return;
        const failure = runFailureOf(err, attempt.final === true);
        if (!failure) throw err;
        if (failure.unexpected) options.logger.error({ err, runId }, 'onboarding run failed');
        await endFailedRun(runId, failure);
      }
    },

    /** A run and its outcome, for the customer that made it. */
    async getRun(caller: AuthContext, runId: string) {
      const run = await store.findRun(db, runId);
      if (!run) throw unseen(caller, new NotFoundError('Run not found', 'BusinessApiError'));
      if (!canAccessCustomer(caller, run.customer_id)) throw new TenantAccessDeniedError();
      return {
        runId: run.id,
        customer_id: run.customer_id,
        status: run.status,
        row_count: run.row_count,
        created_at: run.created_at.toISOString(),
        finished_at: run.finished_at?.toISOString() ?? null,
        failure_reason: run.failure_reason,
        failed_rows: run.failed_rows ?? {},
        business_ids: run.business_ids ?? [],
      };
    },
  };
}

/** The onboarding service type, for injection. */
export type OnboardingService = ReturnType<typeof createOnboardingService>;
