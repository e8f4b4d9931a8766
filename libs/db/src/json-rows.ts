import type { Knex } from 'knex';

/**
 * Rows inserted as one JSON parameter (ADR 0029), and inserts chained into one statement (ADR 0037).
 *
 * A multi-row insert through knex binds every value (a 500-business chunk: 15,000 parameters):
 * knex numbers them, pg serializes them, PostgreSQL parses a statement the size of the rows, and
 * each row count is a new statement text. Sent as one JSON array, spread into the table's row type
 * by `json_populate_record`, the statement's text depends only on the table and its columns (the
 * statement cache prepares it), and storing 500 rows of 30 columns took 15 ms instead of 50-90 ms.
 * Inserts that belong together (a business's rows, its event, its audit act) run as one statement,
 * all but the last as data-modifying CTEs of the last: one round trip instead of one each.
 *
 * Values keep their meaning: each column is read from JSON text by its own type's input, as a bound
 * text value would be. Only rows of plain values take the JSON path (strings, finite numbers,
 * booleans, null, dates: the JSON form of a date is its instant in UTC; any JSON value in a column
 * named in `jsonColumns`, stored as that JSON), with the same columns in every row; anything else (a
 * missing or undefined value, which knex stores as the column's DEFAULT and JSON would store as
 * NULL; an object, array, buffer or non-finite number elsewhere, whose JSON form differs from what
 * pg binds) is inserted by knex's own multi-row insert, in chunks.
 */

/** One table's insert: its name (`schema.table`) and rows. */
export interface JsonRowsInsert {
  table: string;
  rows: ReadonlyArray<Record<string, unknown>>;
  /** json/jsonb columns whose values are stored as the JSON they are (an object stays an object). */
  jsonColumns?: readonly string[];
}

/** A statement, or a part of one: SQL text with `?` placeholders, and their values. */
export interface StatementPart {
  sql: string;
  bindings: readonly unknown[];
  /**
   * Runs as a statement of its own, after the parts before it: one of several chunks of one table,
   * whose rows must get their identity and sequence values in order (inside one statement,
   * PostgreSQL runs data-modifying CTEs in no defined order).
   */
  alone?: boolean;
  /** Its name as a CTE of a chained statement, for the statement to read what it returns (else `part_<n>`). */
  name?: string;
}

/** Rows a statement binds when they go through knex (at most 130 columns each under PostgreSQL's 65,535 parameters). */
const FALLBACK_CHUNK = 500;
/** PostgreSQL's limit of parameters in one statement. */
const MAX_BINDINGS = 65_535;

const digits = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * A date as pg binds it: its local time with the local offset (pg's default, `parseInputDatesAsUTC`
 * unset), so a `date` or `timestamp` column gets from JSON what it gets from a bound Date, not the
 * UTC form of the date's `toJSON`. Years before 1 are written as PostgreSQL's BC years.
 */
export function boundDateText(date: Date): string {
  const year = date.getFullYear();
  const offset = -date.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${digits(Math.floor(Math.abs(offset) / 60), 2)}:${digits(Math.abs(offset) % 60, 2)}`;
  const day = `${digits(year < 1 ? 1 - year : year, 4)}-${digits(date.getMonth() + 1, 2)}-${digits(date.getDate(), 2)}`;
  const time = `${digits(date.getHours(), 2)}:${digits(date.getMinutes(), 2)}:${digits(date.getSeconds(), 2)}.${digits(date.getMilliseconds(), 3)}`;
  return `${day}T${time}${zone}${year < 1 ? ' BC' : ''}`;
}

/** `rows` with each Date value as pg binds it (the rows themselves when they hold none). */
function withBoundDates(rows: ReadonlyArray<Record<string, unknown>>): ReadonlyArray<Record<string, unknown>> {
  if (!rows.some((row) => Object.values(row).some((value) => value instanceof Date))) return rows;
  return rows.map((row) => {
    const copy: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row)) copy[column] = value instanceof Date ? boundDateText(value) : value;
    return copy;
  });
}

function isPlain(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** Whether JSON.stringify keeps `value` as it is (plain data: no undefined, function, bigint, non-finite number, date or buffer inside). */
function isJsonData(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonData(item, depth + 1));
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value as object).every((item) => isJsonData(item, depth + 1));
}

/** The columns every row has, in the first row's order, when each row has exactly those with values JSON keeps; else undefined. */
export function uniformColumns(rows: ReadonlyArray<Record<string, unknown>>, jsonColumns: readonly string[] = []): string[] | undefined {
  if (rows.length === 0) return undefined;
  const columns = Object.keys(rows[0]);
  const json = new Set(jsonColumns);
  for (const row of rows) {
    if (Object.keys(row).length !== columns.length) return undefined;
    for (const column of columns) {
      if (!(column in row)) return undefined;
      if (!(json.has(column) ? row[column] !== undefined && isJsonData(row[column]) : isPlain(row[column]))) return undefined;
    }
  }
  return columns;
}

/** Statement texts by dialect, table and columns: a handful of shapes, each built once (see jsonInsertSql). */
const jsonInsertTexts = new Map<string, string>();
/** Shapes kept at most; past it the texts are built again (rows with ever new column sets cannot grow it without end). */
const MAX_JSON_INSERT_TEXTS = 500;

/**
 * The insert of `columns` of `table` from one JSON array parameter, its identifiers quoted by knex.
 * Built once per shape: quoting each identifier through knex is some 10 µs, and a single add's
 * rows name some 80 of them (about a millisecond of its CPU, issue 10).
 */
function jsonInsertSql(db: Knex, table: string, columns: readonly string[]): string {
  const key = `${db.client.dialect}\u0000${table}\u0000${columns.join('\u0000')}`;
  const known = jsonInsertTexts.get(key);
  if (known !== undefined) return known;
  const quotedTable = db.raw('??', [table]).toQuery();
  const quoted = columns.map((column) => db.raw('??', [column]).toQuery());
  // Record by record (json_populate_record over json_array_elements): 16 ms for 1,000 rows of 27 columns
  // where json_populate_recordset took 28, with the same conversions.
  const sql = `insert into ${quotedTable} (${quoted.join(', ')}) select ${quoted.map((column) => `r.${column}`).join(', ')}
      from json_array_elements(?::json) as e, lateral json_populate_record(null::${quotedTable}, e) as r`;
  if (jsonInsertTexts.size >= MAX_JSON_INSERT_TEXTS) jsonInsertTexts.clear();
  jsonInsertTexts.set(key, sql);
  return sql;
}

/**
 * The statement parts inserting `insert`'s rows: one JSON part when they are plain, else knex's
 * multi-row inserts in chunks of FALLBACK_CHUNK rows (json columns stringified, as pg needs them).
 */
export function jsonRowsParts(db: Knex, insert: JsonRowsInsert): StatementPart[] {
  if (insert.rows.length === 0) return [];
  const columns = uniformColumns(insert.rows, insert.jsonColumns);
  if (columns) return [{ sql: jsonInsertSql(db, insert.table, columns), bindings: [JSON.stringify(withBoundDates(insert.rows))] }];
  const json = insert.jsonColumns ?? [];
  const rows = insert.rows.map((row) => {
    const copy = { ...row };
    for (const column of json) if (copy[column] !== undefined && copy[column] !== null) copy[column] = JSON.stringify(copy[column]);
    return copy;
  });
  const parts: StatementPart[] = [];
  for (let i = 0; i < rows.length; i += FALLBACK_CHUNK) {
    const { sql, bindings } = db(insert.table).insert(rows.slice(i, i + FALLBACK_CHUNK)).toSQL();
    parts.push({ sql, bindings, alone: rows.length > FALLBACK_CHUNK });
  }
  return parts;
}

/**
 * Runs `parts` as one statement (all but the last as data-modifying CTEs of the last), or one
 * after another, in order, when together they would bind more than PostgreSQL allows or a part
 * must run alone. In one statement the parts run in no defined order (rows within a part keep
 * theirs): they must be inserts, updates or deletes that do not read each other's rows (a CTE's
 * changes are not visible to the statement's other parts); constraints are checked at its end.
 */
export async function runChained(trx: Knex | Knex.Transaction, parts: readonly StatementPart[]): Promise<void> {
  if (parts.length === 0) return;
  const bindings = parts.reduce((sum, part) => sum + part.bindings.length, 0);
  if (parts.length > 1 && (bindings > MAX_BINDINGS || parts.some((part) => part.alone))) {
    for (const part of parts) await trx.raw(part.sql, [...part.bindings] as Knex.RawBinding[]);
    return;
  }
  const { sql, bindings: values } = withParts(parts.slice(0, -1), parts[parts.length - 1]);
  await trx.raw(sql, values as Knex.RawBinding[]);
}

/** `main` with `parts` as its CTEs (each its `name`, else `part_<n>`). */
function withParts(parts: readonly StatementPart[], main: StatementPart): StatementPart {
  if (parts.length === 0) return main;
  const ctes = parts.map((part, n) => `${part.name ?? `part_${n}`} as (${part.sql})`);
  return { sql: `with ${ctes.join(', ')} ${main.sql}`, bindings: [...parts.flatMap((part) => part.bindings), ...main.bindings] };
}

/**
 * `parts` as data-modifying CTEs of `main`, one statement (as `runChained` runs them), for a caller
 * whose statement reads what parts return (by their `name`) or must stand or fall whole: undefined
 * when they cannot share one statement (more bindings than PostgreSQL allows, or a part that runs alone).
 */
export function chainedInto(parts: readonly StatementPart[], main: StatementPart): StatementPart | undefined {
  const bindings = parts.reduce((sum, part) => sum + part.bindings.length, main.bindings.length);
  if (bindings > MAX_BINDINGS || parts.some((part) => part.alone)) return undefined;
  return withParts(parts, main);
}

/** Inserts each table's rows, in order, in one statement where it can (`jsonRowsParts`, `runChained`). */
export function insertJsonRows(trx: Knex | Knex.Transaction, inserts: ReadonlyArray<JsonRowsInsert>): Promise<void> {
  return runChained(
    trx,
    inserts.flatMap((insert) => jsonRowsParts(trx, insert)),
  );
}
