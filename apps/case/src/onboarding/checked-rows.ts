import { compileCheck, strictObject, unstorableTextIn } from '@kyb/validation';
import type { BusinessRowInput } from '../businesses/business-row.columns';
import { createPhoneReader, type PhoneReader } from '../businesses/phone-numbers';
import { businessRowProperties } from './add-business.columns';
import { ROW_FAILED } from './onboarding.errors';
import { checkBusinessRow, type RowCheck, type RowFailure } from './row-validation';

/** The E12 schema a bulk's or a run's rows are checked against (a single business's body was checked by its request's, the same one). */
const rowSchema = compileCheck(strictObject(businessRowProperties, ['name']), 'body');

/** The failed rows of an add by row index, as 7.1 row 9 answers them. */
export type FailedRows = Record<string, { message: string; data: RowFailure[] }>;

/** An add's rows, checked once: every check but the stored external ids, which only the add's transaction reads. */
export interface CheckedRows {
  /** The rows as the E12 schema types them, in order; every row when none failed its schema. */
  rows: BusinessRowInput[];
  /** Whether every row passed every check the rows alone can fail. */
  passed: boolean;
  /** The external ids the rows give (trimmed, as stored), for the read of the stored ones. */
  externalIds: string[];
  /** The failed rows, given the customer's stored external ids (external id -> business id). */
  failedRows(existingExternalIds: ReadonlyMap<string, string>): FailedRows;
  /** The phone reader the checks used: storing the rows parses each number no more. */
  phones: PhoneReader;
}

/** Whether `row` has the shape the E12 schema admits: a text `name`, and text, number or boolean columns. */
function isBusinessRow(row: Record<string, unknown>): row is BusinessRowInput {
  return typeof row.name === 'string' && Object.values(row).every((value) => ['string', 'number', 'boolean', 'undefined'].includes(typeof value));
}

/**
 * A bulk row's schema problem, reported as a row failure so every row's problems are listed.
 * Text PostgreSQL cannot store comes first: rows the request guard never saw (a run queued
 * before it existed) must fail here, by row and column, not in the database.
 */
function schemaFailures(row: Record<string, unknown>): RowFailure[] {
  const unstorable = Object.entries(row).flatMap(([column, value]) => {
    const reason = unstorableTextIn({ [column]: value }, 'row');
    return reason ? [{ column, providedKey: column, value: value ?? null, reason }] : [];
  });
  if (unstorable.length > 0) return unstorable;
  const problem = rowSchema(row);
  if (!problem) return [];
  const column = problem.property ?? 'row';
  return [{ column, providedKey: column, value: row[column] ?? null, reason: problem.message.replace(/^body/, 'row') }];
}

/** The row typed as the E12 schema admits it, or its schema failures (checked when `checkSchema`). */
function schemaChecked(row: Record<string, unknown>, checkSchema: boolean): { row: BusinessRowInput } | { failures: RowFailure[] } {
  const failures = checkSchema ? schemaFailures(row) : [];
  if (failures.length > 0) return { failures };
  if (isBusinessRow(row)) return { row };
  // Not reached while the schema admits only that shape: a row this code cannot read is a bug, not a row failure.
  throw new TypeError('a row passed the E12 schema but is not a flat row with a name');
}

/**
 * Checks an add's rows once, row by row in order: the schema (rows of a bulk or a run: `checkSchema`),
 * then E12's row checks, an external id given by an earlier row counting as used.
 */
export function checkRows(rows: ReadonlyArray<Record<string, unknown>>, options: { checkSchema: boolean; today: Date }): CheckedRows {
  const phones = createPhoneReader();
  const seen = new Set<string>();
  const typed: BusinessRowInput[] = [];
  const checks: Array<RowCheck | RowFailure[]> = rows.map((row) => {
    const schema = schemaChecked(row, options.checkSchema);
    const check = 'row' in schema ? checkBusinessRow(schema.row, { externalIdsInRun: seen, today: options.today, phones }) : schema.failures;
    if ('row' in schema) typed.push(schema.row);
    if (typeof row.external_id === 'string') seen.add(row.external_id.trim());
    return check;
  });
  const failuresOf = (check: RowCheck | RowFailure[], existing: ReadonlyMap<string, string>) => (Array.isArray(check) ? check : check.failuresWith(existing));
  const failedRows = (existing: ReadonlyMap<string, string>): FailedRows => {
    const failed: FailedRows = {};
    checks.forEach((check, index) => {
      const failures = failuresOf(check, existing);
      if (failures.length > 0) failed[String(index)] = { message: ROW_FAILED, data: failures };
    });
    return failed;
  };
  return {
    rows: typed,
    passed: Object.keys(failedRows(new Map())).length === 0,
    externalIds: rows.map((r) => r.external_id).filter((v): v is string => typeof v === 'string').map((v) => v.trim()),
    failedRows,
    phones,
  };
}
