import { randomUUID } from 'node:crypto';
import type { Knex } from '@kyb/db';
import { createPgCaseRecoveryStore } from './case-recovery.store';

/** Options of {@link createLeasedRunProcessor}. */
export interface LeasedRunProcessorOptions {
  db: Knex;
  /** Stores a PENDING run's rows (`processRun` of onboarding/process-run.ts); `final` on the job's last attempt. */
  processRun(runId: string, attempt: { final: boolean }): Promise<void>;
  clock: () => Date;
  /** How long a worker holds a run while storing it; past it, it is taken to have died (default 10 min). */
  leaseMs?: number;
}

/**
 * Runs the onboarding worker's step under a lease on the run row, so two jobs of one run (a job
 * the recovery sweep queued again after Redis lost it while a worker was still storing the rows)
 * never store its rows twice: only the worker that takes the lease stores them; another returns at
 * once, and if the holder dies its lease lapses and the sweep queues the run again.
 */
export function createLeasedRunProcessor(options: LeasedRunProcessorOptions) {
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const leases = createPgCaseRecoveryStore(options.db);
  return async (runId: string, attempt: { final: boolean } = { final: false }): Promise<void> => {
    const owner = randomUUID();
    const at = options.clock();
    if (!(await leases.claimRunLease(runId, owner, at, new Date(at.getTime() + leaseMs)))) return;
    try {
      await options.processRun(runId, attempt);
    } finally {
      await leases.releaseRunLease(runId, owner);
    }
  };
}
