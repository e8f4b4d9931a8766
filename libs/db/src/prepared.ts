import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/** A pg client as knex's pool hands it out: what a named statement needs. */
interface PooledClient {
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}

/** Names already computed, by generation, then text (a text built once keeps its hash): hashing a list's SQL cost a few µs per request. */
const names = new Map<number, Map<string, string>>();
/** A process prepares a bounded set of texts (each store at most 256 list shapes); past this, names are computed again. */
const KEPT_NAMES = 4096;

/** How every statement name of the suite begins (the statement cache tells its reads by it). */
export const STATEMENT_NAME_PREFIX = 'kyb_';

/** The name of a statement: the same text always gets the same name (PostgreSQL allows 63 characters). */
export function statementNameOf(text: string, generation = 0): string {
  let known = names.get(generation);
  if (!known) names.set(generation, (known = new Map()));
  let name = known.get(text);
  if (name === undefined) {
    name = `${STATEMENT_NAME_PREFIX}${createHash('sha1').update(`${generation}:${text}`).digest('hex').slice(0, 32)}`;
    if (known.size < KEPT_NAMES) known.set(text, name);
  }
  return name;
}

/**
 * Statements whose prepared form went stale, and how often: a migration that adds a column to a
 * table a statement reads with `*` makes PostgreSQL refuse the prepared statement ("cached plan
 * must not change result type") on every connection that prepared it. Such a statement is prepared
 * again under a new name, once per process; the stale ones are left unused.
 */
const generations = new Map<string, number>();

function isStaleResultType(err: unknown): boolean {
  const { code, message } = err as { code?: string; message?: string };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

/**
 * Runs a read as a named prepared statement on a connection of `db`'s pool. PostgreSQL parses and
 * plans a statement once per connection, not on every request: for the joined reads of the hot
 * endpoints, planning cost several times their execution (docs/adr/0017). The statement is named
 * by its text, so each shape of a query (a list's filters and sort) is prepared once and its values
 * travel as parameters. Not for work inside a transaction: it takes a connection of its own.
 */
export async function queryPrepared<Row>(db: Knex, query: Knex.QueryBuilder | Knex.Raw): Promise<Row[]> {
  const { sql, bindings } = query.toSQL().toNative();
  return runPrepared<Row>(db, sql, bindings);
}

/** Runs `sql` ($n placeholders) with `values` as a named prepared statement (see {@link queryPrepared}). */
export async function runPrepared<Row>(db: Knex, sql: string, values: readonly unknown[]): Promise<Row[]> {
  const client = db.client as {
    acquireConnection(): Promise<PooledClient>;
    releaseConnection(connection: PooledClient): Promise<unknown>;
    emit(event: 'query', query: { method: string; sql: string; bindings: readonly unknown[] }): void;
  };
  // Told to knex's `query` listeners like any query of knex (debugging, and the tests' query plans).
  client.emit('query', { method: 'select', sql, bindings: values });
  const connection = await client.acquireConnection();
  try {
    const run = () => connection.query({ name: statementNameOf(sql, generations.get(sql)), text: sql, values });
    const result = await run().catch((err: unknown) => {
      if (!isStaleResultType(err)) throw err;
      generations.set(sql, (generations.get(sql) ?? 0) + 1);
      return run();
    });
    return result.rows as Row[];
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * A read of one fixed shape whose SQL is built once, not on every call: `build` is called the first
 * time with a marker for each named value, knex compiles it, and each call after that only puts
 * its values where the markers were. For hot reads, where building the text was a measurable part
 * of a request. Values must be single values (not arrays: knex spreads those into several).
 */
export function preparedRead<Row, Name extends string>(db: Knex, names: readonly Name[], build: (values: Record<Name, string>) => Knex.QueryBuilder | Knex.Raw) {
  let compiled: { sql: string; slots: Array<{ name: Name } | { value: unknown }> } | undefined;
  const compile = () => {
    const markers = Object.fromEntries(names.map((name) => [name, `\u0001kyb-value:${name}\u0001`])) as Record<Name, string>;
    const byMarker = new Map(names.map((name) => [markers[name], name]));
    const { sql, bindings } = build(markers).toSQL().toNative();
    const slots = bindings.map((value) => (typeof value === 'string' && byMarker.has(value) ? { name: byMarker.get(value) as Name } : { value }));
    const unused = names.filter((name) => !slots.some((slot) => 'name' in slot && slot.name === name));
    if (unused.length > 0) throw new Error(`preparedRead: ${unused.join(', ')} not used by the query`);
    return { sql, slots };
  };
  return async (values: Record<Name, unknown>): Promise<Row[]> => {
    compiled ??= compile();
    return runPrepared<Row>(db, compiled.sql, compiled.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value)));
  };
}

/** Values of a read of {@link preparedShapes}: each fills the marker of the same name. */
export type ShapeValues = Record<string, Knex.Value>;

/**
 * Reads whose SQL depends on a shape, such as a list query's (which filters and searches it has,
 * how it sorts, whether it pages): each shape's SQL is built and compiled once, as
 * {@link preparedRead} does, and later reads of that shape only fill in their values. `shape` must
 * name everything that changes the text; `build` gets a marker for each of `values`' names (for
 * LIMIT and OFFSET too: `db.raw('? limit ? offset ?', [query, v.limit, v.offset])`, as knex would
 * not take a marker there). At most `maxShapes` shapes are kept, the oldest leaving first.
 */
export function preparedShapes<Row>(db: Knex, maxShapes = 256) {
  const reads = new Map<string, (values: ShapeValues) => Promise<Row[]>>();
  return (shape: string, values: ShapeValues, build: (markers: Record<string, string>) => Knex.QueryBuilder | Knex.Raw): Promise<Row[]> => {
    let read = reads.get(shape);
    if (!read) {
      while (reads.size >= maxShapes) {
        const oldest = reads.keys().next();
        if (oldest.done) break;
        reads.delete(oldest.value);
      }
      read = preparedRead<Row, string>(db, Object.keys(values), build);
      reads.set(shape, read);
    }
    return read(values);
  };
}
