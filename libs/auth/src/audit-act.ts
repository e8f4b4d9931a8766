import type { Request } from 'express';
import { recordAudit, type AuditAct, type Knex } from '@kyb/db';
import { callerOf } from './middleware';

/** What an authenticated request did, as the audit log records it (the actor, request and address come from the request). */
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
 * The audit entry of an act of a request: by its caller (or `actor`, for a request no token
 * vouches for), with the request's id (the `X-Request-Id` answered) and the client's address (the
 * gateway's forwarded one where trusted).
 */
export function auditActOf(req: Request, act: RequestAct, occurredAt: Date, actor?: AuditActor): AuditAct {
  const { id, role } = actor ?? { id: callerOf(req).userId, role: callerOf(req).role };
  const requestId = (req as Request & { id?: unknown }).id;
  return {
    customerId: act.customerId,
    actorId: id,
    actorRole: role,
    action: act.action,
    targetType: act.target.type,
    targetId: act.target.id,
    requestId: typeof requestId === 'string' ? requestId : null,
    clientAddress: req.ip ?? req.socket.remoteAddress ?? null,
    details: act.details ?? {},
    occurredAt,
  };
}

/**
 * Runs `work` in a transaction of `db` and writes the act of the request's caller to the area's
 * audit outbox (`<schema>.audit_outbox`) in it: the act is kept exactly when the change is. `act`
 * may depend on what `work` answered (the id it created); answering undefined records nothing.
 */
export async function withAudit<T>(
  db: Knex,
  audit: { schema: string; request: Request; clock: () => Date },
  work: (trx: Knex.Transaction) => Promise<T>,
  act: (result: T) => RequestAct | undefined,
): Promise<T> {
  return db.transaction(async (trx) => {
    const result = await work(trx);
    const done = act(result);
    if (done) await recordAudit(trx, audit.schema, [auditActOf(audit.request, done, audit.clock())]);
    return result;
  });
}
