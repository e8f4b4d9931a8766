import type { Knex } from '@kyb/db';
import type { WorkerLogger } from '@kyb/queues';
import { sanctionsChecksOf, withSanctionsCheck } from './sanctions-check';
import { statusReason, verificationStatus } from './verification.checks';
import type { VerificationRow, VerificationStore } from './verification.store';

const sameCheck = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Brings the SANCTIONS check of businesses' latest verifications up to date after their sanctions
 * screenings or hits changed (a screening, a review, a delisting). While the status stays, the
 * latest verification's SANCTIONS check is replaced in place; when it changes (a confirmed hit makes
 * the business UNVERIFIED, its dismissal or delisting can make it VERIFIED again) a verification
 * with the other checks as they were is stored, the change and its event with it. A business never
 * verified is left to its first verification.
 */
export function createSanctionsVerificationRefresh(deps: { db: Knex; verifications: Pick<VerificationStore, 'record'>; clock: () => Date; logger: WorkerLogger }) {
  return async function refreshSanctionsChecks(businessIds: readonly string[]): Promise<void> {
    if (businessIds.length === 0) return;
    const checks = await sanctionsChecksOf(deps.db, businessIds);
    const { rows: latest } = await deps.db.raw<{ rows: VerificationRow[] }>(
      `select v.* from unnest(?::uuid[]) as w(business_id)
        join lateral (select * from integration.business_verifications where business_id = w.business_id order by seq desc limit 1) v on true`,
      [[...checks.keys()]],
    );
    for (const verification of latest) {
      const sanctions = checks.get(verification.business_id);
      if (!sanctions || sameCheck(verification.checks.find((c) => c.code === 'SANCTIONS'), sanctions)) continue;
      const next = withSanctionsCheck(verification.checks, sanctions);
      const status = verificationStatus(next);
      if (status === verification.status) {
        // The status stays: the latest verification's SANCTIONS check is brought up to date in place (the directory follows by trigger).
        await deps.db('integration.business_verifications').where({ id: verification.id }).update({ checks: JSON.stringify(next) });
        continue;
      }
      const stored = await deps.verifications.record({
        businessId: verification.business_id,
        customerId: verification.customer_id,
        taskId: null,
        status,
        checks: next,
        reason: statusReason(status, next),
        at: deps.clock(),
      });
      if (stored.changed) deps.logger.info({ businessId: verification.business_id, status }, 'business verification status changed by its sanctions hits');
    }
  };
}

/** Refreshes businesses' SANCTIONS checks. */
export type SanctionsVerificationRefresh = ReturnType<typeof createSanctionsVerificationRefresh>;
