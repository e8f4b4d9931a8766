import { parse } from 'csv-parse/sync';
import express from 'express';
import { compileCheck, type RequestPart } from '@kyb/validation';
import type { WireRequest } from './fuzz-request';
import type { FuzzRoute } from './fuzz-routes';
import type { Schema } from './schema-arbitrary';

/*
 * The oracle: would the route's own schemas accept this request? It compiles the schemas of the
 * OpenAPI document with the suite's own ajv set-up (@kyb/validation: strict, union types; path and
 * query coerced from text with defaults filled, bodies strict), so it follows any format the suite
 * adds, and reads the request as the server does: path parameters percent-decoded, the query
 * through Express's extended parser, the body through the JSON parser's rules (JSON media types
 * only, empty is `{}`, other media types are not read).
 */

/** A compiled schema: the first problem of a value (coerced in place for path and query), or undefined. */
type Check = (value: unknown) => string | undefined;

function compile(schema: Schema, part: RequestPart, label: string = part): Check {
  const check = compileCheck(schema, part);
  return (value) => check(value)?.message.replace(new RegExp(`^${part}`), label);
}

/** Express's own `extended` query parser, so the oracle reads the query exactly as the routes do. */
const parseQuery = (() => {
  const app = express();
  app.set('query parser', 'extended');
  return app.get('query parser fn') as (search: string) => Record<string, unknown>;
})();

/** Most rows a bulk request takes (the route's summary). */
const MAX_BULK_ROWS = 1000;

/** What the server makes of a body: a value (undefined when it reads none), CSV text, or a refusal before any schema. */
export type BodyView = { kind: 'value'; value: unknown } | { kind: 'csv'; text: string } | { kind: 'refused'; why: string };

/** The body of `wire` as the suite's parsers read it (`csv` only on a route that reads CSV). */
export function bodyView(wire: WireRequest, readsCsv: boolean): BodyView {
  if (wire.body === undefined) return { kind: 'value', value: undefined };
  const [media, ...parameters] = (wire.contentType ?? '').split(';').map((part) => part.trim().toLowerCase());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  const text = wire.body.toString('utf8').replace(/^\ufeff/, '');
  if (readsCsv && media === 'text/csv') return { kind: 'csv', text };
  if (media !== 'application/json' && !/^application\/[^/]+\+json$/.test(media ?? '')) return { kind: 'value', value: undefined };
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return { kind: 'refused', why: `charset ${charset}` };
  if (text.length === 0) return { kind: 'value', value: {} };
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return { kind: 'refused', why: 'not a JSON object or array' };
  try {
    return { kind: 'value', value: JSON.parse(text) };
  } catch {
    return { kind: 'refused', why: 'malformed JSON' };
  }
}

/** The verdict on one request: accepted by the schemas, refused (with the first reason), or not decidable here. */
export type Verdict = { accepted: true } | { accepted: false; why: string } | { accepted: 'unknown'; why: string };

/** Rows of a bulk body as the route takes them: a JSON array of 1 to 1,000 objects. */
function bulkRowsProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return 'bulk body is not an array of rows';
  if (value.length === 0 || value.length > MAX_BULK_ROWS) return `bulk body has ${value.length} rows`;
  if (value.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) return 'a bulk row is not an object';
  return undefined;
}

/** A column a CSV body's header names twice (the bulk route refuses it, row by row), if any; empty header cells are no columns. */
function repeatedCsvColumn(text: string): string | undefined {
  let header: string[] | undefined;
  try {
    [header] = parse(text, { to: 1, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
  } catch {
    return undefined;
  }
  return header?.find((column, i) => column !== '' && header.indexOf(column) !== i);
}

/**
 * The oracle of one route. `rowSchema` is given for the bulk route: its rows are the single-add
 * route's bodies, checked at once (sync) or by the worker (`async=true`, judged by the run's end).
 */
export function createOracle(route: FuzzRoute, rowSchema?: Schema): (wire: WireRequest) => Verdict {
  const params = route.paramsSchema && compile(route.paramsSchema, 'params');
  const query = route.querySchema && compile(route.querySchema, 'query');
  const body = route.bodySchema && compile(route.bodySchema, 'body');
  const row = rowSchema && compile(rowSchema, 'body', 'row');
  return (wire) => {
    const decoded: Record<string, string> = {};
    for (const [name, encoded] of Object.entries(wire.encodedParams)) {
      try {
        decoded[name] = decodeURIComponent(encoded);
      } catch {
        return { accepted: false, why: `path parameter ${name} does not decode` };
      }
    }
    const queryValue = parseQuery(wire.search);
    const why = (params && params(decoded)) ?? (query && query(queryValue));
    if (why) return { accepted: false, why };
    // E12 and bulk refuse a dry run with async=true alike (a dry run answers at once).
    const flags = queryValue as { async?: unknown; dry_run?: unknown };
    if (flags.async === true && flags.dry_run === true) return { accepted: false, why: 'query: dry_run with async=true' };
    const view = bodyView(wire, row !== undefined);
    if (view.kind === 'refused') return { accepted: false, why: `body: ${view.why}` };
    if (view.kind === 'csv') {
      const repeated = repeatedCsvColumn(view.text);
      if (repeated !== undefined) return { accepted: false, why: `CSV header names ${repeated} twice` };
      return { accepted: 'unknown', why: 'CSV rows are judged by the run they start' };
    }
    const value = view.value === undefined ? {} : view.value;
    const bodyWhy = body && body(value);
    if (bodyWhy) return { accepted: false, why: bodyWhy };
    if (!row) return { accepted: true };
    const rowsWhy = bulkRowsProblem(view.value);
    if (rowsWhy) return { accepted: false, why: rowsWhy };
    if ((queryValue as { async?: unknown }).async === true) return { accepted: 'unknown', why: 'async rows are judged by the run they start' };
    const rows = view.value as unknown[];
    for (const [index, value] of rows.entries()) {
      const rowWhy = row(value);
      if (rowWhy) return { accepted: false, why: `${rowWhy} (row ${index})` };
    }
    return { accepted: true };
  };
}

/** Whether every row of a JSON bulk body passes the row schema (for judging how an async run ended). */
export function createRowCheck(rowSchema: Schema): (rows: unknown[]) => string | undefined {
  const row = compile(rowSchema, 'body', 'row');
  return (rows) => {
    for (const [index, value] of rows.entries()) {
      const why = row(value);
      if (why) return `${why} (row ${index})`;
    }
    return undefined;
  };
}
