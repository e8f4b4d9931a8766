import { DEFAULT_MAX_RECOVERIES, mailJobId, onboardingRunJobId, recoverStuck, type Producer, type RecoveryCounts, type WorkerLogger } from '@kyb/queues';
import type { CaseRecoveryStore } from './case-recovery.store';


/** What the case area's recovery sweep is built from. */
export interface CaseRecoveryDeps {
  store: CaseRecoveryStore;
  runs: Producer<{ runId: string }>;
  mail: Producer<{ messageId: string }>;
  clock: () => Date;
  logger: WorkerLogger;
  /** RECOVERY_STUCK_AFTER_MS: how long a record may stay not final since its last progress. */
  stuckAfterMs: number;
  maxRecoveries?: number;
}

/**
 * The case area's sweep: async onboarding runs still PENDING and outbox mail not sent (PENDING,
 * or SENDING under a lapsed lease) past `stuckAfterMs`, whose job is gone (Redis came back empty,
 * the job failed for good, its worker died) are queued again, or ended FAILED with a reason once
 * recovered too often. Processing them again is safe: a run stores its rows in one transaction that
 * also finishes it, and mail is sent only by the worker that claims it.
 */
export function createCaseRecovery(deps: CaseRecoveryDeps) {
  const { store, clock } = deps;
  const options = { maxRecoveries: deps.maxRecoveries ?? DEFAULT_MAX_RECOVERIES, logger: deps.logger };
  return {
    async sweep(): Promise<{ runs: RecoveryCounts; mail: RecoveryCounts }> {
      const now = clock();
      const cutoff = new Date(now.getTime() - deps.stuckAfterMs);
      const runs = await recoverStuck(
        {
          name: 'onboarding run',
          findStuck: (afterId, limit) => store.stuckRuns({ cutoff, now, afterId, limit }),
          jobOf: (row) => ({ producer: deps.runs, payload: { runId: row.id }, jobId: onboardingRunJobId(row.id) }),
          noteRecovery: (row) => store.noteRunRecovery(row, now),
          giveUp: (row, reason) => store.failRun(row.id, reason, now),
        },
        options,
      );
      const mail = await recoverStuck(
        {
          name: 'mail',
          findStuck: (afterId, limit) => store.stuckMail({ cutoff, now, afterId, limit }),
          jobOf: (row) => ({ producer: deps.mail, payload: { messageId: row.id }, jobId: mailJobId(row.id) }),
          noteRecovery: (row) => store.noteMailRecovery(row, now),
          giveUp: (row, reason) => store.failMail(row.id, reason, now),
        },
        options,
      );
      return { runs, mail };
    },
  };
}

/** The case recovery sweep type, for injection. */
export type CaseRecovery = ReturnType<typeof createCaseRecovery>;
