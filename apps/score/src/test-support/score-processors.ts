import { createBusinessDirectory, createErasedCustomers, createIntegrationDirectory, createVerificationDirectory, createWatchlistHitDirectory } from '@kyb/area-views';
import type { Knex } from '@kyb/db';
import { createProducer, scoreQueue, type Producer, type WorkerLogger } from '@kyb/queues';
import { createPgScoreBatchStore } from '../scores/score-batch.store';
import { createScoreProcessors } from '../scores/scores.processor';
import { createPgScoreStore } from '../scores/scores.store';
import type { ScoreTestApp } from './score-test-app';

/** One line a processor logged. */
export interface LoggedLine {
  level: 'info' | 'warn' | 'error';
  msg: string;
  obj: object;
}

/**
 * The score processors on the test app's database and its views' stand-ins, their score jobs
 * queued on the real `business-score` queue of the test file's prefix (no worker takes them
 * unless the app's workers run), and what they logged.
 */
export function scoreProcessorsOf(t: ScoreTestApp) {
  const logged: LoggedLine[] = [];
  const line = (level: LoggedLine['level']) => (obj: object, msg: string) => void logged.push({ level, msg, obj });
  const logger: WorkerLogger = { info: line('info'), warn: line('warn'), error: line('error') };
  const scoreJobs: Producer<{ scoreId: string }> = createProducer(scoreQueue, { connection: t.redis, prefix: t.redisPrefix });
  const processors = createScoreProcessors({
    store: createPgScoreStore(t.db),
    batches: createPgScoreBatchStore(t.db),
    businesses: createBusinessDirectory(t.db),
    integration: createIntegrationDirectory(t.db),
    verification: createVerificationDirectory(t.db),
    watchlist: createWatchlistHitDirectory(t.db),
    erased: createErasedCustomers(t.db),
    scores: scoreJobs,
    clock: t.clock.now,
    logger,
  });
  return { processors, scoreJobs, logged, close: () => scoreJobs.close() };
}

/** The outbox's insert, up to its rows of values. */
const OUTBOX_ROWS = /^(insert into "scores"\."outbox_events" \([^)]*\)) values \(.*\)$/s;

/**
 * The SQL of every statement `work` ran on `db` (knex's `query` event), in order. The outbox's
 * insert names one row of values per event; it is shown with its list of rows elided, so a batch's
 * statements compare equal whatever the number of its events.
 */
export async function statementsOf(db: Knex, work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (query: { sql: string }) => void seen.push(query.sql.replace(OUTBOX_ROWS, '$1 values (...)'));
  db.on('query', listener);
  try {
    await work();
  } finally {
    db.removeListener('query', listener);
  }
  return seen;
}
