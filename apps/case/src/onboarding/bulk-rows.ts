import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { ValidationError } from '@kyb/envelope';
import { businessRowProperties } from './add-business.columns';
import { ROW_FAILED, RowValidationError } from './onboarding.errors';

/** The most rows one bulk run takes. */
export const MAX_BULK_ROWS = 1000;

/** CSV cells are text: numbers and booleans are read by the column's declared type; empty cells are absent. */
function typedCell(column: string, cell: string): unknown {
  const type = businessRowProperties[column]?.type;
  if (type === 'number') return cell.trim() !== '' && Number.isFinite(Number(cell)) ? Number(cell) : cell;
  if (type === 'boolean') return cell === 'true' ? true : cell === 'false' ? false : cell;
  return cell;
}

/** The count of rows one bulk takes, JSON or CSV: at least 1, at most {@link MAX_BULK_ROWS}. */
function checkRowCount(count: number): void {
  if (count === 0) throw new ValidationError('body must have at least 1 row');
  if (count > MAX_BULK_ROWS) throw new ValidationError(`body must have at most ${MAX_BULK_ROWS} rows`);
}

/**
 * A header that names a column twice leaves each row two values for it, and no way to tell which
 * one was meant: every row fails (7.1 row 9), naming the column and giving the row's values under
 * it. Empty header cells are not columns (a spreadsheet's trailing commas) and may repeat.
 */
function refuseRepeatedColumns(header: string[], rows: string[][]): void {
  const repeated = [...new Set(header.filter((column, i) => column !== '' && header.indexOf(column) !== i))];
  if (repeated.length === 0) return;
  const failures = (cells: string[]) =>
    repeated.map((column) => ({
      column,
      providedKey: column,
      value: header.flatMap((named, i) => (named === column ? [cells[i] ?? ''] : [])),
      reason: `The CSV header names the column ${column} more than once.`,
    }));
  throw new RowValidationError(randomUUID(), Object.fromEntries(rows.map((cells, index) => [String(index), { message: ROW_FAILED, data: failures(cells) }])));
}

function fromCsv(text: string): Array<Record<string, unknown>> {
  let records: string[][];
  try {
    records = parse(text, { skip_empty_lines: true, trim: true, relax_column_count: false, bom: true });
  } catch (err) {
    throw new ValidationError(`body is not valid CSV: ${(err as Error).message}`);
  }
  const [header, ...rows] = records;
  if (!header || header.length === 0) throw new ValidationError('body CSV must start with a header row of column names');
  checkRowCount(rows.length);
  refuseRepeatedColumns(header, rows);
  return rows.map((cells) =>
    Object.fromEntries(header.flatMap((column, i) => (cells[i] === undefined || cells[i] === '' ? [] : [[column, typedCell(column, cells[i])]]))),
  );
}

/**
 * The rows of a bulk request: a JSON array, or CSV text whose header row names the same columns.
 * Throws 400 ValidationMiddlewareError for anything else, for no rows or for more than 1,000, and
 * the row failures of 7.1 row 9 for a CSV header that names a column twice.
 */
export function readBulkRows(body: unknown): Array<Record<string, unknown>> {
  const rows = typeof body === 'string' ? fromCsv(body) : body;
  if (!Array.isArray(rows)) throw new ValidationError('body must be a JSON array of rows or CSV text (Content-Type: text/csv)');
  checkRowCount(rows.length);
  rows.forEach((row, i) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new ValidationError(`body/${i} must be object`);
  });
  return rows as Array<Record<string, unknown>>;
}
