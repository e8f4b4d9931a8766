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

/** A business's latest verification with its status changes, newest first, as one snapshot saw them. */
export interface VerificationSnapshot {
  latest: VerificationRow | undefined;
  history: StatusChangeRow[];
}

const VERIFICATIONS = 'integration.business_verifications';
const CHANGES = 'integration.business_verification_status_changes';

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
     * nothing. Answers whether it stored (and the verification's id), and whether the status changed.
     */
    async record(entry: NewVerification, on: Knex = db): Promise<Omit<RecordedVerification, 'businessId'>> {
      // Inside a caller's transaction (`on`), this is a savepoint.
      return on.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 13))', [`verification:${entry.businessId}`]);
        if (entry.taskId && (await trx(VERIFICATIONS).where({ business_integration_task_id: entry.taskId }).first('id'))) {
          return { recorded: false, changed: false, verificationId: null };
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
        if (from === entry.status) return { recorded: true, changed: false, verificationId: id };
        await trx(CHANGES).insert({
          business_id: entry.businessId,
          verification_id: id,
          from_status: from,
          to_status: entry.status,
          reason: entry.reason,
          changed_at: entry.at,
        });
        await recordEvent(trx, OUTBOX_SCHEMA, verificationEvent(entry));
        return { recorded: true, changed: true, verificationId: id };
      });
    },

    /**
     * The business's latest verification (undefined before the first) and its status changes,
     * newest first, read in one statement: one snapshot, so a verification is never shown without
     * the change its transaction wrote (two reads could fall on either side of that commit).
     */
    async snapshot(businessId: string): Promise<VerificationSnapshot> {
      const { rows } = await db.raw<{ rows: Array<Partial<VerificationRow> & { history: Array<Omit<StatusChangeRow, 'changed_at'> & { changed_at: string }> }> }>(
        `select v.id, v.business_id, v.customer_id, v.business_integration_task_id, v.status, v.checks, v.created_at,
           coalesce((select json_agg(json_build_object('business_id', c.business_id, 'verification_id', c.verification_id, 'from_status', c.from_status,
               'to_status', c.to_status, 'reason', c.reason, 'changed_at', c.changed_at) order by c.seq desc)
             from ${CHANGES} c where c.business_id = b.id), '[]'::json) as history
         from (select ?::uuid as id) b
         left join lateral (select * from ${VERIFICATIONS} where business_id = b.id order by seq desc limit 1) v on true`,
        [businessId],
      );
      const [{ history, ...latest }] = rows;
      return {
        latest: latest.id === null ? undefined : (latest as VerificationRow),
        history: history.map((h) => ({ ...h, changed_at: new Date(h.changed_at) })),
      };
    },
  };
}

/** The verification store type, for injection. */
export type VerificationStore = ReturnType<typeof createPgVerificationStore>;
