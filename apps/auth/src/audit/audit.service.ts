import { auditActOf, type Actor, type AuditActor, type RequestAct, type RequestOrigin, type Role } from '@kyb/auth';
import { AppError } from '@kyb/envelope';
import type { AuditAct as AuditEntryAct, Knex } from '@kyb/db';
import type { Logger } from '@kyb/http';
import { chainOf, entryHash, GENESIS_HASH } from '@kyb/area-views';
import { contentOf, type AuditListQuery, type AuditRow, type AuditStore } from './audit.store';

/** One security-relevant act, as a route or service reports it. */
export type AuditAct = RequestAct;

/** What `verify` answers: the chain holds, or the first entry that breaks it and why. */
export type ChainVerdict =
  | { valid: true; entries: number; head: string }
  | { valid: false; entries: number; broken: { id: string; seq: number; reason: 'hash' | 'link' | 'sequence' } };

/** The audit entry of a sign-in of `user`, built before its session starts and appended with it (ADR 0034). */
export type SignedInEntry = (user: { id: string; customer_id: string | null }) => AuditEntryAct;

/** An entry as the API shows it. */
export function presentAuditEvent(row: AuditRow) {
  return {
    id: row.id,
    seq: Number(row.seq),
    customer_id: row.customer_id,
    actor: { id: row.actor_id, role: row.actor_role },
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    request_id: row.request_id,
    client_address: row.client_address,
    details: row.details,
    occurred_at: row.occurred_at.toISOString(),
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

/** Why `row` breaks its chain where entry `expectedSeq` after `head` belongs, or undefined when it holds. */
function breakOf(row: AuditRow, expectedSeq: number, head: string): 'sequence' | 'link' | 'hash' | undefined {
  const seq = Number(row.seq);
  if (seq !== expectedSeq) return 'sequence';
  if (row.prev_hash !== head) return 'link';
  return entryHash(row.prev_hash, seq, contentOf(row)) !== row.hash ? 'hash' : undefined;
}

/** The audit log: records acts with who, where from and when; lists a tenant's; verifies a chain. */
export function createAuditService(options: {
  store: AuditStore;
  /** Throws the contract's `Customer not found` for a customer that does not exist. */
  requireCustomer: (customerId: string) => Promise<void>;
  logger: Logger;
  clock?: () => Date;
}) {
  const clock = options.clock ?? (() => new Date());
  const { store } = options;

  /** Records an act; given the act's transaction (`trx`), in it, so the act and its entry are kept both or neither. */
  async function record(origin: RequestOrigin, actor: AuditActor, act: AuditAct, trx?: Knex.Transaction): Promise<void> {
    // appendAudit writes ids as PostgreSQL gives them back, so entries hash alike when read.
    await store.append(auditActOf(origin, act, clock(), actor), trx);
  }

  return {
    record,
    /**
     * The `sign_in.succeeded` entry of a sign-in with `role` from this request's origin, for the session's own
     * statement to append (a CUSTOMER's joins its customer's chain; others', the platform's).
     */
    signedIn(origin: RequestOrigin, role: Role): SignedInEntry {
      return (user) =>
        auditActOf(origin, { customerId: role === 'CUSTOMER' ? user.customer_id : null, action: 'sign_in.succeeded', target: { type: 'user', id: user.id } }, clock(), {
          id: user.id,
          role,
        });
    },
    /** Records an act of an authenticated actor. */
    recordBy: (actor: Actor, act: AuditAct, trx?: Knex.Transaction) => record(actor, { id: actor.userId, role: actor.role }, act, trx),

    /**
     * Runs a sign-in attempt. A refusal (an answer of 400: wrong credentials or an account that may
     * not sign in) is recorded on the platform's chain, without the email, then thrown on; a failure
     * to record it is logged, and the caller still gets the refusal it was due.
     */
    async signInAttempt<T>(origin: RequestOrigin, role: string, attempt: () => Promise<T>): Promise<T> {
      try {
        return await attempt();
      } catch (err) {
        if (err instanceof AppError && err.httpStatus === 400) {
          await record(origin, { id: null, role }, { customerId: null, action: 'sign_in.failed', target: { type: 'user', id: null }, details: { reason: err.errorName } }).catch(
            (failure: unknown) => options.logger.error({ err: failure }, 'could not record a refused sign-in in the audit log'),
          );
        }
        throw err;
      }
    },

    async list(query: AuditListQuery) {
      await options.requireCustomer(query.customerId);
      const { rows, total } = await store.list(query);
      return { items: rows.map(presentAuditEvent), total };
    },

    /**
     * Walks a tenant's chain from its first entry: each must be numbered one after the last, point
     * at the last one's hash, and hash to what it stores. An edited entry breaks its own hash, a
     * deleted one the numbering (or, at the head, nothing; the head's hash is answered to be kept).
     */
    async verify(customerId: string): Promise<ChainVerdict> {
      await options.requireCustomer(customerId);
      let entries = 0;
      let head = GENESIS_HASH;
      let broken: Extract<ChainVerdict, { valid: false }>['broken'] | undefined;
      await store.walk(chainOf(customerId), (row) => {
        const seq = Number(row.seq);
        const reason = breakOf(row, entries + 1, head);
        if (reason) {
          broken = { id: row.id, seq, reason };
          return false;
        }
        entries += 1;
        head = row.hash;
        return true;
      });
      return broken ? { valid: false, entries, broken } : { valid: true, entries, head };
    },
  };
}

/** The audit service type, for injection. */
export type AuditService = ReturnType<typeof createAuditService>;
