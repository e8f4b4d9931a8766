import { APPEND_AUDIT_CALL, appendAuditBindings } from '@kyb/area-views';
import type { AuditAct, Knex } from '@kyb/db';
import { SESSION_FACTS_SQL, type SessionFacts } from '../users/users.store';

/** A stored refresh token: only its hash is kept. */
export interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  revoke_reason: string | null;
  created_at: Date;
}

/** What {@link RefreshTokenStore.startFamily} stores: a new session's first refresh token, for a user signing in. */
export interface NewFamily {
  userId: string;
  subroleId: string | null;
  customerId: string | null;
  /** Whether the session may start only while the customer is ACTIVE (a CUSTOMER's). */
  needsActiveCustomer: boolean;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  createdAt: Date;
  /** The sign-in's audit entry (`sign_in.succeeded`), appended with the session, or not at all when it does not start. */
  signedIn: AuditAct;
}

/**
 * A sign-in's writes and the facts its tokens carry, in one statement (ADR 0034): the
 * session facts (users.store), then, unless the customer must be ACTIVE and is not, the family's
 * first refresh token, the user's `last_signed_in_at` (by the database's clock, as `created_at` is)
 * and the sign-in's audit entry. One round trip and one commit where there were two of each (the
 * entry was appended apart). The entry is appended from the user's updated row, so the row's lock is
 * taken before the chain's: nothing takes a chain's lock and then a user's row, and a transaction
 * that would update a user and then record it takes them in this same order (tested).
 * The statement's last join makes PostgreSQL run the append (a part no one reads is never run).
 */
const START_FAMILY_SQL = `with facts as (${SESSION_FACTS_SQL}),
  allowed as (select 1 from facts where not ?::boolean or facts.customer->>'status' = 'ACTIVE'),
  stored as (insert into auth.refresh_tokens (user_id, family_id, token_hash, expires_at, created_at)
    select ?::uuid, ?::uuid, ?, ?::timestamptz, ?::timestamptz from allowed),
  noted as (update auth.users set last_signed_in_at = current_timestamp where id = ?::uuid and exists (select 1 from allowed) returning id),
  audited as (select ${APPEND_AUDIT_CALL} from noted)
select facts.subrole, facts.permissions, facts.customer, exists (select 1 from allowed) as started from facts left join audited on true`;

/** SQL for refresh tokens. */
export function createPgRefreshTokenStore(db: Knex) {
  const tokens = (trx: Knex = db) => trx<RefreshTokenRow>('auth.refresh_tokens');
  return {
    /** Starts a session (START_FAMILY_SQL): its facts, and whether it started (false: the customer is not ACTIVE; nothing was written). */
    async startFamily(family: NewFamily, trx: Knex = db): Promise<{ facts: SessionFacts; started: boolean }> {
      const { rows } = await trx.raw<{ rows: Array<SessionFacts & { started: boolean }> }>(START_FAMILY_SQL, [
        family.subroleId,
        family.subroleId,
        family.customerId,
        family.needsActiveCustomer,
        family.userId,
        family.familyId,
        family.tokenHash,
        family.expiresAt,
        family.createdAt,
        family.userId,
        ...appendAuditBindings(family.signedIn),
      ]);
      const { started, ...facts } = rows[0];
      return { facts, started };
    },
    async insert(row: Pick<RefreshTokenRow, 'user_id' | 'family_id' | 'token_hash' | 'expires_at' | 'created_at'>, trx: Knex = db): Promise<void> {
      await tokens(trx).insert(row);
    },
    findByHash(tokenHash: string, trx: Knex = db): Promise<RefreshTokenRow | undefined> {
      return tokens(trx).where({ token_hash: tokenHash }).first();
    },
    /** Marks the token used, atomically: only one of two concurrent refreshes wins. */
    async markUsed(id: string, at: Date, trx: Knex = db): Promise<boolean> {
      const count = await tokens(trx).where({ id }).whereNull('used_at').whereNull('revoked_at').update({ used_at: at });
      return count === 1;
    },
    /** Sessions (families) ended since `since`: those whose bearer tokens may still be alive. */
    async familiesRevokedSince(since: Date, trx: Knex = db): Promise<string[]> {
      return tokens(trx).where('revoked_at', '>', since).distinct('family_id').pluck('family_id');
    },
    async revokeFamily(familyId: string, reason: string, at: Date, trx: Knex = db): Promise<void> {
      await tokens(trx).where({ family_id: familyId }).whereNull('revoked_at').update({ revoked_at: at, revoke_reason: reason });
    },
    /** The user's sessions (families) that handed out tokens since `since`: those whose bearer tokens may be alive. */
    async familiesOfUserSince(userId: string, since: Date, trx: Knex = db): Promise<string[]> {
      const rows = await tokens(trx).distinct('family_id').where({ user_id: userId }).where('created_at', '>=', since);
      return rows.map((row) => row.family_id);
    },
    async revokeAllOfUser(userId: string, reason: string, at: Date, trx: Knex = db): Promise<void> {
      await tokens(trx).where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: at, revoke_reason: reason });
    },
  };
}

/** The refresh token store type, for injection. */
export type RefreshTokenStore = ReturnType<typeof createPgRefreshTokenStore>;
