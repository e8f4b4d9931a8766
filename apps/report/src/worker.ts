/*
 * The report area's BullMQ glue: the producer E6 queues reports on, and the consumer that
 * renders them. Payloads carry ids only.
 */
import { DelayedError } from 'bullmq';
import { attemptsOf, createWorker, reportQueue, type CreateWorkerOptions, type Worker } from '@kyb/queues';
import { createAreaProducers, type AreaQueues } from '@kyb/http';
import type { ReportProcessor } from './reports/report.processor';

/** The queue the report area adds jobs to. */
export const createReportProducers = (queues: AreaQueues) => createAreaProducers(queues, { reports: reportQueue });

/** The report area's consumer: renders a report, or waits for the worker that holds it. */
export function reportWorkers(render: ReportProcessor) {
  return (options: CreateWorkerOptions): Worker[] => [
    createWorker(
      reportQueue,
      async (job, token) => {
        const run = await render(job.data.reportId, attemptsOf(job));
        // Another worker holds the report: wait for its lease to lapse (it may have died), without spending an attempt.
        if (run.outcome === 'busy' && token) {
          await job.moveToDelayed(run.until.getTime() + 250, token);
          throw new DelayedError();
        }
        return run.outcome;
      },
      options,
    ),
  ];
}
