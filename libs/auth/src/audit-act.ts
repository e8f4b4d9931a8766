import { recordAudit, type AuditAct, type Knex } from '@kyb/db';
import type { Actor, RequestOrigin } from './actor';

/** What an actor did, as the audit log records it (who, the request id and the address come from the actor). */
export interface RequestAct {
  customerId: string | null;
  action: string;
  target: { type: string; id: string | null };
  /** Ids, counts and states only: never a password, TIN, SSN or other personal data. */
  details?: AuditAct['details'];
}

/** Who acted: a user and its role, or no user (a refused sign-in, a signed link) and the role it acted in. */
export interface AuditActor {
  id: string | null;
  role: string;
}

/**
 * The audit entry of an act: by `actor`, or, for a request no token vouches for, by `as` from the
 * request's origin.
 */
export function auditActOf(actor: Actor, act: RequestAct, occurredAt: Date): AuditAct;
export function auditActOf(origin: RequestOrigin, act: RequestAct, occurredAt: Date, as: AuditActor): AuditAct;
export function auditActOf(origin: RequestOrigin | Actor, act: RequestAct, occurredAt: Date, as?: AuditActor): AuditAct {
  const { id, role } = as ?? { id: (origin as Actor).userId, role: (origin as Actor).role };
  return {
    customerId: act.customerId,
    actorId: id,
    actorRole: role,
    action: act.action,
    targetType: act.target.type,
    targetId: act.target.id,
    requestId: origin.requestId,
    clientAddress: origin.clientAddress,
    details: act.details ?? {},
    occurredAt,
  };
}

/**
 * Runs `work` in a transaction of `db` and writes the act of `actor` to the area's audit outbox
 * (`<schema>.audit_outbox`) in it: the act is kept exactly when the change is. `act` may depend on
 * what `work` answered (the id it created); answering undefined records nothing.
 */
export async function withAudit<T>(
  db: Knex,
  audit: { schema: string; actor: Actor; clock: () => Date },
  work: (trx: Knex.Transaction) => Promise<T>,
  act: (result: T) => RequestAct | undefined,
): Promise<T> {
  return db.transaction(async (trx) => {
    const result = await work(trx);
    const done = act(result);
    if (done) await recordAudit(trx, audit.schema, [auditActOf(audit.actor, done, audit.clock())]);
    return result;
  });
}
