import { canAccessCustomer, TenantAccessDeniedError, unseen, type AuthContext } from '@kyb/auth';
import { NotFoundError } from '@kyb/envelope';
import type { OnboardingDeps } from './onboarding-deps';

/** Reads a run and its outcome, for the customer that made it (GET /runs/{runId}). */
export function createReadRun(deps: Pick<OnboardingDeps, 'db' | 'store'>) {
  return async function readRun(caller: AuthContext, runId: string) {
    const run = await deps.store.findRun(deps.db, runId);
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
  };
}

/** The run's read, for the router. */
export type ReadRun = ReturnType<typeof createReadRun>;
