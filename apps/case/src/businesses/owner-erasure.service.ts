import type { Request } from 'express';
import { BusinessNotFoundError, type DataKeys } from '@kyb/area-views';
import { auditActOf, canAccessBusiness, TenantAccessDeniedError, unseen, type AuthContext } from '@kyb/auth';
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
 * kept for `Idempotency-Key` replays that hold the owner are erased too (a replay answers 410).
 * Erasing again changes nothing and answers the first erasure's time.
 */
export function createOwnerErasureService(options: { db: Knex; businesses: BusinessStore; dataKeys: Pick<DataKeys, 'open'>; clock: () => Date }) {
  const { db, clock } = options;

  /** Empties the kept answers of the case area that name the owner (at most a day's worth of the area's keys). */
  async function eraseKeptAnswers(trx: Knex.Transaction, ownerId: string, now: Date): Promise<number> {
    const kept = (await trx('cases.idempotency_keys')
      .select('scope', 'key', 'response_body')
      .where({ status: 'DONE' })
      .whereNotNull('response_body')
      .andWhere('expires_at', '>', now)) as Array<{ scope: string; key: string; response_body: string }>;
    let erased = 0;
    for (const answer of kept) {
      const body = await options.dataKeys.open(answer.response_body).catch(() => undefined);
      if (body === undefined || !body.includes(ownerId)) continue;
      erased += await trx('cases.idempotency_keys').where({ scope: answer.scope, key: answer.key }).update({ response_body: null });
    }
    return erased;
  }

  return {
    async erase(caller: AuthContext, businessId: string, ownerId: string, request: Request) {
      const found = await options.businesses.findById(businessId, false);
      if (!found || found.business.deleted_at) throw unseen(caller, new BusinessNotFoundError());
      if (!canAccessBusiness(caller, found.business.customer_id, businessId)) throw new TenantAccessDeniedError();
      return db.transaction(async (trx) => {
        const now = clock();
        const [owner] = await trx('cases.owners')
          .where({ id: ownerId, business_id: businessId })
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
            updated_by: caller.userId,
            updated_at: now,
            erased_at: trx.raw('coalesce(erased_at, ?)', [now]),
          })
          .returning<Array<{ erased_at: Date }>>(['erased_at']);
        if (!owner) throw unseen(caller, new OwnerNotFoundError());
        const answers = await eraseKeptAnswers(trx, ownerId, now);
        const act = { customerId: found.business.customer_id, action: 'owner.erased', target: { type: 'owner', id: ownerId }, details: { business_id: businessId, kept_answers_erased: answers } };
        await recordAudit(trx, 'cases', [auditActOf(request, act, now)]);
        return { owner_id: ownerId, business_id: businessId, erased_at: owner.erased_at.toISOString() };
      });
    },
  };
}

/** The owner erasure service type, for injection. */
export type OwnerErasureService = ReturnType<typeof createOwnerErasureService>;
