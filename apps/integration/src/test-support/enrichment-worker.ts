import type { WorkerOptions } from 'bullmq';
import type { Knex } from '@kyb/db';
import { businessEnrichmentQueue, createWorker, type Producer, type Redis, type WorkerLogger } from '@kyb/queues';
import { createBusinessDirectory } from '@kyb/area-views';
import { createEnrichmentProcessor } from '../enrichment/enrichment.processor';
import { createPgTaskStore } from '../enrichment/integration-tasks.store';
import type { PublicRecordsProvider } from '../providers/public-records.provider';
import { createSandboxFinancialsProvider } from '../providers/sandbox-financials.provider';
import { createPgPublicRecordsStore } from '../public-records/public-records.store';

/**
 * An enrichment worker wired as the area wires it, with BullMQ lock settings a test can shorten
 * (so a killed worker's job is found stalled within a second or two).
 */
export function startEnrichmentWorker(options: {
  db: Knex;
  connection: Redis;
  prefix: string;
  provider: PublicRecordsProvider;
  completed: Pick<Producer<{ businessId: string; taskId: string }>, 'add'>;
  logger: WorkerLogger;
  settings: Partial<WorkerOptions>;
}) {
  const process = createEnrichmentProcessor({
    db: options.db,
    tasks: createPgTaskStore(options.db),
    records: createPgPublicRecordsStore(options.db),
    businesses: createBusinessDirectory(options.db),
    provider: options.provider,
    financials: createSandboxFinancialsProvider(),
    completed: options.completed,
    clock: () => new Date(),
    logger: options.logger,
  });
  return createWorker(businessEnrichmentQueue, (job) => process(job), {
    connection: options.connection,
    prefix: options.prefix,
    logger: options.logger,
    concurrency: 1,
    settings: options.settings,
  });
}
