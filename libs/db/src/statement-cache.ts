import { STATEMENT_NAME_PREFIX, statementNameOf } from './prepared';

/**
 * Every connection of a pool prepares the statements the process runs often, once, as pgjdbc does
 * (its prepareThreshold and per-connection statement cache): knex sends each query as an unnamed
 * statement, which PostgreSQL parses and plans again on every run. Measured on E12 and the work it
 * sets off (ADR 0047): parsing and planning were ~45% of PostgreSQL's time for its ~60 statements.
 *
 * A parameterized text the process has run `threshold` times is sent under a name derived from the
 * text (`statementNameOf`, the names `runPrepared` uses), so each connection parses it once and
 * PostgreSQL's plan cache decides, as for any prepared statement, whether a generic plan serves.
 * Each connection keeps at most `maxPerConnection` of them, deallocating the least recently used.
 * Texts without values (BEGIN, COMMIT, DDL, `select 1`), texts longer than `MAX_TEXT_LENGTH` (a
 * bulk's 500-row inserts: each row count is another text, parsing is a small part of their run,
 * and counting them would keep megabytes of text) and named or streamed queries go as sent.
 *
 * Each connection prepares a statement again once it has kept it for `maxAgeMs` (PLAN_MAX_AGE_MS),
 * so its plans follow the tables' growth: the statements it named, and the reads named in code by
 * `statementNameOf` (`runPrepared`, `preparedRead`).
 *
 * A query marked `plannedEachRun` is never named either: PostgreSQL plans it on every run for the
 * table as it is then. A generic plan is kept for a connection's life, and without statistics (a
 * table not analyzed since it grew: autovacuum off or not come round yet) the plan made while the
 * table was small may read it all through another index once it has grown (ADR 0032).
 *
 * A prepared `select *` of a table whose columns a migration changed is refused by PostgreSQL
 * ("cached plan must not change result type"). The text then gets a new name (a new generation)
 * for the whole process, and a refused statement that ran outside a transaction is run again at
 * once; inside a transaction the error is the transaction's, as any other (its caller retries).
 */

/** What the cache needs of a pg client: its query method and its connection's state. */
export interface CachingClient {
  query: (...args: unknown[]) => unknown;
  connection: {
    parsedStatements: Record<string, string>;
    on(event: 'readyForQuery', listener: (message: { status?: string }) => void): unknown;
  };
}

/** Settings of {@link cacheStatements}. */
export interface StatementCacheOptions {
  /** Runs of a text (process-wide) after which it is prepared: pgjdbc's default is 5. */
  threshold?: number;
  /** Prepared statements kept per connection: pgjdbc's default is 256. */
  maxPerConnection?: number;
  /** Milliseconds a connection keeps a statement's plans before preparing it again (default {@link PLAN_MAX_AGE_MS}). */
  maxAgeMs?: number;
  /** The clock of `maxAgeMs` (tests move it). */
  now?: () => number;
}

/**
 * How long a connection keeps a prepared statement before it prepares it again. PostgreSQL keeps a
 * statement's generic plan for the connection's life unless the tables' statistics change, and a
 * table that grows without being analyzed (autovacuum off, or not come round yet) changes none: a
 * plan made while a table was small (ties between indexes settled by their sizes) was kept once
 * the table was large (ADR 0032). Prepared again, the statement is planned for the tables as they are.
 */
export const PLAN_MAX_AGE_MS = 5 * 60_000;

/** The query option (knex's `.options()`, passed on to pg) that keeps a query unnamed: {@link plannedEachRun}. */
export const PLANNED_EACH_RUN = 'kybPlannedEachRun';

/**
 * Marks `query` to be planned by PostgreSQL on every run, never prepared by the cache: for a read
 * whose right plan depends on how big its table has grown (see the module's comment).
 */
export function plannedEachRun<Query extends { options(options: Readonly<Record<string, unknown>>): Query }>(query: Query): Query {
  return query.options({ [PLANNED_EACH_RUN]: true });
}

/** Runs of each text so far (process-wide, bounded: past this many texts, counting starts again). */
const runs = new Map<string, number>();
const COUNTED_TEXTS = 2_000;
/** Longer texts are never prepared (see the module's comment). */
export const MAX_TEXT_LENGTH = 16 * 1024;
/** Texts whose prepared form was refused, and how often (each refusal is a new name). */
const generations = new Map<string, number>();

type Callback = (err: Error | null, result?: unknown) => void;

/** A query call's text, values and callback, when it is a plain parameterized one the cache may name. */
function plainQuery(args: unknown[]): { config: Record<string, unknown>; text: string; values: unknown[]; callback?: Callback } | undefined {
  const [first, second, third] = args;
  if (typeof first === 'string') {
    if (!Array.isArray(second) || second.length === 0) return undefined;
    return { config: { text: first }, text: first, values: second, callback: typeof third === 'function' ? (third as Callback) : undefined };
  }
  if (first === null || typeof first !== 'object') return undefined;
  const config = first as Record<string, unknown>;
  // A Submittable (a cursor, a stream) or a named query is not ours to name.
  if (typeof config.submit === 'function' || config.name !== undefined || typeof config.text !== 'string') return undefined;
  if (config[PLANNED_EACH_RUN] === true) return undefined;
  if (!Array.isArray(config.values) || config.values.length === 0) return undefined;
  if (Array.isArray(second)) return undefined;
  return { config, text: config.text, values: config.values, callback: typeof second === 'function' ? (second as Callback) : undefined };
}

function isStaleResultType(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

function countRun(text: string): number {
  if (runs.size >= COUNTED_TEXTS && !runs.has(text)) runs.clear();
  const count = (runs.get(text) ?? 0) + 1;
  runs.set(text, count);
  return count;
}

/** Makes `client` prepare the statements the process runs often (see the module's comment). Call once per new connection. */
export function cacheStatements(client: CachingClient, options: StatementCacheOptions = {}): void {
  const threshold = options.threshold ?? 5;
  const maxPerConnection = options.maxPerConnection ?? 256;
  const maxAgeMs = options.maxAgeMs ?? PLAN_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const send = client.query.bind(client);
  /** This connection's names, least recently used first, with when each was prepared. */
  const kept = new Map<string, number>();
  /** The transaction status of the last ReadyForQuery: I(dle), T (in a transaction), E (in a failed one). */
  let status = 'I';
  client.connection.on('readyForQuery', (message) => {
    status = message.status ?? status;
  });

  /** Deallocates `name` on this connection if it is prepared there; a later run of its text prepares it again. */
  function deallocate(name: string): void {
    if (!client.connection.parsedStatements[name]) return;
    // Forgotten before the DEALLOCATE is queued: a later run of its text queues its Parse after it.
    delete client.connection.parsedStatements[name];
    send(`deallocate "${name}"`, () => undefined);
  }

  /** Deallocates the least recently used names beyond the bound (not in a failed transaction, which would refuse it). */
  function evict(): void {
    while (kept.size > maxPerConnection && status !== 'E') {
      const oldest = kept.keys().next().value as string;
      kept.delete(oldest);
      deallocate(oldest);
    }
  }

  /** When `name` was prepared (`since`, else now); prepared long enough ago, it is deallocated so its next run prepares and plans it anew. */
  function aged(name: string, since: number | undefined): number {
    if (since !== undefined && now() - since >= maxAgeMs && status !== 'E') {
      deallocate(name);
      return now();
    }
    return since ?? now();
  }

  /** The reads named in code (`runPrepared`), by name, with when each was prepared on this connection. */
  const namedInCode = new Map<string, number>();

  /** A read named in code by `statementNameOf` gets the same age bound as the names of the cache. */
  function ageNamedInCode(first: unknown): void {
    const config = first as { name?: unknown; text?: unknown } | null;
    if (config === null || typeof config !== 'object' || typeof config.name !== 'string' || typeof config.text !== 'string') return;
    if (!config.name.startsWith(STATEMENT_NAME_PREFIX)) return;
    namedInCode.set(config.name, aged(config.name, namedInCode.get(config.name)));
  }

  function named(text: string): string {
    const name = statementNameOf(text, generations.get(text));
    const preparedAt = aged(name, kept.get(name));
    kept.delete(name);
    kept.set(name, preparedAt);
    evict();
    return name;
  }

  client.query = (...args: unknown[]): unknown => {
    const plain = plainQuery(args);
    if (!plain) ageNamedInCode(args[0]);
    if (!plain || plain.text.length > MAX_TEXT_LENGTH || countRun(plain.text) < threshold) return send(...args);
    const { config, text, callback } = plain;
    const statusBefore = status;
    const run = (done: Callback) => send({ ...config, name: named(text) }, done);
    const retried = (err: Error | null, result: unknown, done: Callback) => {
      if (!err || !isStaleResultType(err)) return done(err, result);
      generations.set(text, (generations.get(text) ?? 0) + 1);
      if (statusBefore !== 'I') return done(err);
      run(done);
    };
    if (callback) {
      run((err, result) => retried(err, result, callback));
      return undefined;
    }
    return new Promise((resolve, reject) => run((err, result) => retried(err, result, (e, r) => (e ? reject(e) : resolve(r)))));
  };
}
