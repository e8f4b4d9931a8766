import { recordEvent, type Knex } from '@kyb/db';
import type { VerificationCheck } from '@kyb/area-views';
import { OUTBOX_SCHEMA, verificationEvent } from './verification.events';
import { recordManyVerifications, verifiedTaskIds, type RecordedVerification } from './verification-batch.store';
import type { NewVerification, VerificationStatus } from './verification.types';

export type { NewVerification, VerificationStatus };


/** One stored verification of a business. */
export interface VerificationRow {
  id: string;
  business_id: string;
  customer_id: string;
  business_integration_task_id: string | null;
  status: VerificationStatus;
  checks: VerificationCheck[];
  created_at: Date;
}

/** One change of a business's verification status (the first verification counts as one, from null). */
export interface StatusChangeRow {
  business_id: string;
  verification_id: string;
  from_status: VerificationStatus | null;
  to_status: VerificationStatus;
  reason: string;
  changed_at: Date;
}


const VERIFICATIONS = 'integration.business_verifications';
const CHANGES = 'integration.business_verification_status_changes';
const COLUMNS = ['id', 'business_id', 'customer_id', 'business_integration_task_id', 'status', 'checks', 'created_at'];

/** Verifications and the history of status changes, in PostgreSQL. */
export function createPgVerificationStore(db: Knex) {
  return {
    async hasTask(taskId: string): Promise<boolean> {
      return (await db(VERIFICATIONS).where({ business_integration_task_id: taskId }).first('id')) !== undefined;
    },
    /** The tasks among `taskIds` already verified (a batch's `hasTask`, one statement). */
    verifiedTasks: (taskIds: readonly string[]): Promise<Set<string>> => verifiedTaskIds(db, taskIds),
    /** `record` for many businesses (one verification each) in `on`, with a constant number of statements. */
    recordMany: (entries: readonly NewVerification[], on: Knex = db): Promise<RecordedVerification[]> => recordManyVerifications(on, entries),

    /**
     * Stores a verification and, when the status differs from the latest one, the change and its
     * event (`business.verified` or `business.unverified`), in one transaction (or savepoint of `on`); verifications of one business are serialised. A task already verified stores
     * nothing. Answers whether it stored, and whether the status changed.
     */
    async record(entry: NewVerification, on: Knex = db): Promise<{ recorded: boolean; changed: boolean }> {
      // Inside a caller's transaction (`on`), this is a savepoint.
      return on.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 13))', [`verification:${entry.businessId}`]);
        if (entry.taskId && (await trx(VERIFICATIONS).where({ business_integration_task_id: entry.taskId }).first('id'))) {
          return { recorded: false, changed: false };
        }
        const previous = await trx(VERIFICATIONS).where({ business_id: entry.businessId }).orderBy('seq', 'desc').first('status');
        const [{ id }] = await trx(VERIFICATIONS)
          .insert({
            business_id: entry.businessId,
            customer_id: entry.customerId,
            business_integration_task_id: entry.taskId,
            status: entry.status,
            checks: JSON.stringify(entry.checks),
            created_at: entry.at,
          })
          .returning('id');
        const from = (previous?.status as VerificationStatus | undefined) ?? null;
        if (from === entry.status) return { recorded: true, changed: false };
        await trx(CHANGES).insert({
          business_id: entry.businessId,
          verification_id: id,
          from_status: from,
          to_status: entry.status,
          reason: entry.reason,
          changed_at: entry.at,
        });
        await recordEvent(trx, OUTBOX_SCHEMA, verificationEvent(entry));
        return { recorded: true, changed: true };
      });
    },

    /** The business's latest verification, or undefined before the first. */
    async latest(businessId: string): Promise<VerificationRow | undefined> {
      return db(VERIFICATIONS).where({ business_id: businessId }).orderBy('seq', 'desc').first(COLUMNS);
    },

    /** The business's status changes, newest first. */
    async history(businessId: string): Promise<StatusChangeRow[]> {
      return db(CHANGES)
        .where({ business_id: businessId })
        .orderBy('seq', 'desc')
        .select('business_id', 'verification_id', 'from_status', 'to_status', 'reason', 'changed_at');
    },
  };
}

/** The verification store type, for injection. */
export type VerificationStore = ReturnType<typeof createPgVerificationStore>;
