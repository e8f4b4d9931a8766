/*
 * The case area's BullMQ glue: the producers its services queue jobs on, and the consumers that
 * run those jobs (onboarding runs, invitation mail). Payloads carry ids only.
 */
import {
  attemptsOf,
  businessEnrichmentQueue,
  createWorker,
  enrichmentBatchQueue,
  mailQueue,
  onboardingRunQueue,
  type CreateWorkerOptions,
  type JobAttempts,
  type Worker,
} from '@kyb/queues';
import { createAreaProducers, type AreaQueues } from '@kyb/http';

/**
 * The queues the case area adds jobs to: business creation asks the integration area for public
 * records (`enrichment` one business at a time, `enrichmentBatches` for the businesses of a bulk).
 */
export const createCaseProducers = (queues: AreaQueues) =>
  createAreaProducers(queues, { enrichment: businessEnrichmentQueue, enrichmentBatches: enrichmentBatchQueue, runs: onboardingRunQueue, mail: mailQueue });

/** What the case area's workers run. */
export interface CaseJobs {
  /** Stores an asynchronous onboarding run's rows; `final` on the last attempt, which ends the run FAILED if it fails. */
  processRun(runId: string, attempt: { final: boolean }): Promise<void>;
  deliverMail(messageId: string, attempt: JobAttempts): Promise<void>;
}

/** The case area's consumers. */
export function caseWorkers(jobs: CaseJobs) {
  return (options: CreateWorkerOptions): Worker[] => [
    createWorker(onboardingRunQueue, (job) => {
      const attempt = attemptsOf(job);
      return jobs.processRun(job.data.runId, { final: attempt.made + 1 >= attempt.allowed });
    }, options),
    createWorker(mailQueue, (job) => jobs.deliverMail(job.data.messageId, attemptsOf(job)), options),
  ];
}
