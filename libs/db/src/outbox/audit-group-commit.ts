import type { Knex } from 'knex';
import { runPrepared } from '../prepared';
import { auditInsertSql, columnsOf, type AuditRowValues } from './audit-outbox-insert';

/** Acts one statement takes at most (a single call's acts are never split, however many). */
export const MAX_ACTS_PER_STATEMENT = 1000;

/** The acts of one call of `recordAudit`, and how to answer it. */
interface Waiting {
  rows: AuditRowValues[];
  resolve(): void;
  reject(err: unknown): void;
}

/** Writes the acts handed to it: at once when idle, else with every act that came meanwhile. */
type Recorder = (rows: AuditRowValues[]) => Promise<void>;

const recorders = new WeakMap<Knex, Map<string, Recorder>>();

/** Takes the oldest waiting calls whose acts fit in one statement (always at least one call). */
function nextBatch(waiting: Waiting[]): Waiting[] {
  let acts = 0;
  let calls = 0;
  while (calls < waiting.length) {
    const size = (waiting[calls] as Waiting).rows.length;
    if (calls > 0 && acts + size > MAX_ACTS_PER_STATEMENT) break;
    acts += size;
    calls += 1;
  }
  return waiting.splice(0, calls);
}

function createRecorder(db: Knex, sql: string): Recorder {
  const waiting: Waiting[] = [];
  let writing = false;

  async function writeWaiting(): Promise<void> {
    try {
      while (waiting.length > 0) {
        const batch = nextBatch(waiting);
        try {
          // One statement, committed on its own (no transaction): its callers are answered after the commit.
          await runPrepared(db, sql, columnsOf(batch.flatMap((call) => call.rows)));
          for (const call of batch) call.resolve();
        } catch (err) {
          for (const call of batch) call.reject(err);
        }
      }
    } finally {
      writing = false;
    }
  }

  return (rows) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ rows, resolve, reject });
      if (writing) return;
      writing = true;
      // On the next tick: the acts recorded in the same turn of the event loop share the statement.
      process.nextTick(() => void writeWaiting());
    });
}

/**
 * Writes acts to `<schema>.audit_outbox` of `db` outside any transaction, by group commit: one
 * statement is in flight per database and schema; acts recorded while it runs wait and go
 * together in the next (up to {@link MAX_ACTS_PER_STATEMENT}). Resolves once the statement holding
 * `rows` committed; rejects with its error when it failed (each of its callers does).
 */
export function recordOutsideTransaction(db: Knex, schema: string, rows: AuditRowValues[]): Promise<void> {
  let bySchema = recorders.get(db);
  if (!bySchema) {
    bySchema = new Map();
    recorders.set(db, bySchema);
  }
  let recorder = bySchema.get(schema);
  if (!recorder) {
    recorder = createRecorder(db, auditInsertSql(schema, (n) => `$${n}`));
    bySchema.set(schema, recorder);
  }
  return recorder(rows);
}
