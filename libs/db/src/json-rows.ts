import type { Knex } from 'knex';

/**
 * Rows inserted as one JSON parameter (ADR 0029). A multi-row insert through knex binds every value
 * (a 500-business chunk: 15,000 parameters): knex numbers them, pg serializes them, PostgreSQL
 * parses a statement the size of the rows, and each row count is a new statement text. Sent as one
 * JSON array, spread into the table's row type by `json_populate_recordset`, the statement's text
 * depends only on the table and its columns (the statement cache prepares it), and storing 500
 * rows of 30 columns took 15 ms instead of 50-90 ms.
 *
 * Values keep their meaning: each column is read from JSON text by its own type's input, as a bound
 * text value would be. Only rows of plain values take this path (strings, finite numbers, booleans,
 * null, dates: the JSON form of a date is its instant in UTC), with the same columns in every row;
 * anything else (a missing or undefined value, which knex stores as the column's DEFAULT and JSON
 * would store as NULL; an object, array, buffer or non-finite number, whose JSON form differs from
 * what pg binds) is inserted by knex as before.
 */

/** Rows a statement binds when they go through knex (at most 130 columns each under PostgreSQL's 65,535 parameters). */
const FALLBACK_CHUNK = 500;

/** One table's insert: its name (`schema.table`) and rows. */
export interface JsonRowsInsert {
  table: string;
  rows: ReadonlyArray<Record<string, unknown>>;
}

function isPlain(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** The columns every row has, in the first row's order, when each row has exactly those with plain values; else undefined. */
export function uniformColumns(rows: ReadonlyArray<Record<string, unknown>>): string[] | undefined {
  if (rows.length === 0) return undefined;
  const columns = Object.keys(rows[0]);
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length) return undefined;
    for (const column of columns) if (!(column in row) || !isPlain(row[column])) return undefined;
  }
  return columns;
}

/** The statement inserting `insert`'s rows from JSON parameter `placeholder`, or undefined when they must go through knex. */
function jsonInsertSql(db: Knex, insert: JsonRowsInsert, placeholder: string): string | undefined {
  const columns = uniformColumns(insert.rows);
  if (!columns) return undefined;
  const table = db.raw('??', [insert.table]).toQuery();
  const list = columns.map((column) => db.raw('??', [column]).toQuery()).join(', ');
  return `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${placeholder}::json)`;
}

/**
 * Inserts each table's rows, in order, in one statement when every table's rows are plain: all but
 * the last as data-modifying CTEs of the last (one round trip), one JSON parameter per table.
 * Otherwise each table's rows are inserted by knex, in order, in chunks of FALLBACK_CHUNK rows.
 */
export async function insertJsonRows(trx: Knex | Knex.Transaction, inserts: ReadonlyArray<JsonRowsInsert>): Promise<void> {
  const present = inserts.filter((insert) => insert.rows.length > 0);
  if (present.length === 0) return;
  const statements = present.map((insert) => jsonInsertSql(trx, insert, '?'));
  if (statements.every((sql): sql is string => sql !== undefined)) {
    const last = statements.pop() as string;
    const sql = statements.length > 0 ? `with ${statements.map((part, n) => `part_${n} as (${part})`).join(', ')} ${last}` : last;
    await trx.raw(sql, present.map((insert) => JSON.stringify(insert.rows)));
    return;
  }
  // Bound values: at most FALLBACK_CHUNK rows a statement keeps under PostgreSQL's 65,535 parameters.
  for (const insert of present) {
    for (let i = 0; i < insert.rows.length; i += FALLBACK_CHUNK) await trx(insert.table).insert(insert.rows.slice(i, i + FALLBACK_CHUNK) as Array<Record<string, unknown>>);
  }
}
