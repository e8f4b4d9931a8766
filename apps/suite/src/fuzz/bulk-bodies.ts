import fc from 'fast-check';
import type { BodyPick } from './fuzz-request';
import { anyJson, hostileString } from './hostile-values';
import { negatedValue } from './negation';
import { valueOf, type Schema } from './schema-arbitrary';

/** One CSV cell, quoted when it has to be (RFC 4180). */
function cell(value: unknown): string {
  const text = value === undefined || value === null ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: a header row naming every column any row has, then one line per row. */
export function csvOf(rows: Array<Record<string, unknown>>, newline = '\n'): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return [columns.map(cell).join(','), ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))].join(newline) + newline;
}

/** Bulk rows: mostly rows the single-add schema accepts (few columns each), some negated. */
export function bulkRows(rowSchema: Schema): fc.Arbitrary<Array<Record<string, unknown>>> {
  const row = fc.oneof({ weight: 3, arbitrary: valueOf(rowSchema) }, { weight: 1, arbitrary: negatedValue(rowSchema) });
  return fc.array(row, { minLength: 1, maxLength: 4 }).map((rows) => rows.map((r) => (typeof r === 'object' && r !== null && !Array.isArray(r) ? (r as Record<string, unknown>) : { name: r })));
}

/** CSV the parser must refuse or survive: broken quotes, ragged rows, only a header, a column named twice, BOM, formulas, NUL, huge cells. */
const brokenCsv: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '\n\n',
    'name\n',
    'name\n"unterminated\n',
    'name,external_id\nOnly one cell\n',
    'name\nA,B,C\n',
    'name\r\n"Quote ""inside"" ok"\r\nB"ad\r\n',
    '\ufeffname\nBOM Co\n',
    'name,name\nTwice,Again\n',
    'name,tin,,tin,\nDup Co,111111111,,222222222,\nOther Co,,,,\n',
    '__proto__,name\n{"polluted":true},Proto Co\n',
    'constructor\nx\n',
    'name\n=cmd|\' /C calc\'!A0\n',
    'name,owner1_ownership_percentage\nPct Co,1e400\n',
    'name,is_monitoring_enabled\nBool Co,TRUE\n',
    'name,owner1_dob\nDob Co,0000-01-01\n',
    'name,owner1_dob\nDob Co,10000-01-01\n',
    ',,,\n,,,\n',
    'name\n\u0000\n',
    'name\n"a\u0000b"\n',
  ),
  hostileString.map((text) => `name\n${cell(text)}\n`),
  fc.integer({ min: 1001, max: 1010 }).map((n) => `name\n${Array.from({ length: n }, (_v, i) => `Row ${i}`).join('\n')}\n`),
);

/** Bodies of the bulk route: JSON arrays of rows, the same rows as CSV, broken CSV, JSON that is not rows. */
export function bulkBody(rowSchema: Schema): fc.Arbitrary<BodyPick> {
  const rows = bulkRows(rowSchema);
  return fc.oneof(
    { weight: 4, arbitrary: rows.map((value): BodyPick => ({ kind: 'json', value, contentType: 'application/json' })) },
    {
      weight: 4,
      arbitrary: fc.tuple(rows, fc.constantFrom('\n', '\r\n'), fc.constantFrom('text/csv', 'text/csv; charset=utf-8', 'TEXT/CSV')).map(
        ([value, newline, contentType]): BodyPick => ({ kind: 'text', text: csvOf(value, newline), contentType }),
      ),
    },
    { weight: 2, arbitrary: brokenCsv.map((text): BodyPick => ({ kind: 'text', text, contentType: 'text/csv' })) },
    {
      weight: 1,
      arbitrary: fc.oneof(anyJson, fc.constant([]), fc.constant([[]]), fc.constant([null])).map((value): BodyPick => ({ kind: 'json', value, contentType: 'application/json' })),
    },
  );
}
