import { BusinessNotFoundError, DataKeyDestroyedError, erasedCount, runErasureFunctions, type DataKeys } from '@kyb/area-views';
import { auditActOf, canAccessBusiness, TenantAccessDeniedError, unseen, type Actor } from '@kyb/auth';
import { recordAudit, type Knex } from '@kyb/db';
import { NotFoundError } from '@kyb/envelope';
import type { BusinessStore } from './businesses.store';

/** What an erased owner's names read as; every other personal field is emptied. */
export const ERASED_NAME = '[erased]';

/** 404 `NOT_FOUND` (to an ADMIN): the business has no owner with this id. */
export class OwnerNotFoundError extends NotFoundError {
  constructor() {
    super('Owner not found', 'OwnerNotFoundError');
  }
}

/**
 * Erasing an owner's personal data on request (issue 11): names replaced, the sealed SSN and its
 * masked form, email, mobile, date of birth and address emptied, in one transaction with the
 * audit act (`owner.erased`); the business, the owner's type, title and share are kept. Answers
 * kept for `Idempotency-Key` replays that hold the owner are erased too (a replay answers 410), and
 * so, through the areas' `erase_owner` functions (docs/adr/0043), are the copies other areas keep:
 * the owner's names in screening results, and the business's rendered PDFs (deleted).
 * Erasing again changes nothing (no update, no act) and answers the first erasure's time.
 */
export function createOwnerErasureService(options: { db: Knex; businesses: BusinessStore; dataKeys: Pick<DataKeys, 'open'>; clock: () => Date }) {
  const { db, clock } = options;

  /**
   * Empties the kept answers of the case area that name the owner: those of the owner's tenant and
   * of ADMINs (who may add businesses for it); a day's worth at most, expired ones included. An
   * answer already unreadable (its tenant erased) holds nothing any more; any other failure to
   * open one fails the erasure, which can then be asked again.
   */
  async function eraseKeptAnswers(trx: Knex.Transaction, customerId: string, ownerId: string): Promise<number> {
    const kept = (await trx('cases.idempotency_keys')
      .select('scope', 'key', 'response_body')
      .where({ status: 'DONE' })
      .whereNotNull('response_body')
      .andWhere((q) => q.where('scope', `customer:${customerId}`).orWhere('scope', 'like', 'admin:%'))) as Array<{ scope: string; key: string; response_body: string }>;
    let erased = 0;
    for (const answer of kept) {
      const body = await options.dataKeys.open(answer.response_body).catch((err: unknown) => {
        if (err instanceof DataKeyDestroyedError) return undefined;
        throw err;
      });
      if (body === undefined || !body.includes(ownerId)) continue;
      erased += await trx('cases.idempotency_keys').where({ scope: answer.scope, key: answer.key }).update({ response_body: null });
    }
    return erased;
  }

  return {
    async erase(actor: Actor, businessId: string, ownerId: string) {
      const found = await options.businesses.findById(businessId, false);
      if (!found || found.business.deleted_at) throw unseen(actor, new BusinessNotFoundError());
      if (!canAccessBusiness(actor, found.business.customer_id, businessId)) throw new TenantAccessDeniedError();
      // Ids as PostgreSQL writes them, for the search of kept answers (the path may spell them in capitals).
      const owner = ownerId.toLowerCase();
      const businessRef = businessId.toLowerCase();
      return db.transaction(async (trx) => {
        const now = clock();
        const current = (await trx('cases.owners').where({ id: owner, business_id: businessRef }).forUpdate().first('erased_at')) as { erased_at: Date | null } | undefined;
        if (!current) throw unseen(actor, new OwnerNotFoundError());
        // Erased before: nothing changes, the first erasure is answered.
        if (current.erased_at) return { owner_id: owner, business_id: businessRef, erased_at: current.erased_at.toISOString() };
        await trx('cases.owners')
          .where({ id: owner, business_id: businessRef })
          .update({
            first_name: ERASED_NAME,
            last_name: ERASED_NAME,
            ssn_sealed: null,
            ssn_masked: null,
            email: null,
            mobile: null,
            date_of_birth: null,
            apartment: null,
            line_1: null,
            line_2: null,
            city: null,
            state: null,
            postal_code: null,
            country: null,
            updated_by: actor.userId,
            updated_at: now,
            erased_at: now,
          });
        const customerId = found.business.customer_id;
        const answers = await eraseKeptAnswers(trx, customerId, owner);
        // The other areas' copies (screening results, rendered reports) go in the same transaction.
        const copies = await runErasureFunctions(trx, 'erase_owner', [customerId, businessRef, owner]);
        const act = {
          customerId,
          action: 'owner.erased',
          target: { type: 'owner', id: owner },
          details: { business_id: businessRef, kept_answers_erased: answers, copies_erased: erasedCount(copies) },
        };
        await recordAudit(trx, 'cases', [auditActOf(actor, act, now)]);
        return { owner_id: owner, business_id: businessRef, erased_at: now.toISOString() };
      });
    },
  };
}

/** The owner erasure service type, for injection. */
export type OwnerErasureService = ReturnType<typeof createOwnerErasureService>;
