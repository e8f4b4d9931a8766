/*
 * The rows of one of OFAC's CSV files, each with its line, its fields checked for count and its
 * nulls made null.
 * Source: SDN data specification (https://ofac.treasury.gov/system/files/126/dat_spec.txt) and
 * the non-SDN one (https://www.treasury.gov/ofac/downloads/consolidated/cons_dat_spec.txt):
 * records separated by carriage returns, fields delimited by commas, text in double quotes, null
 * values `-0-`, no header row, ASCII text files.
 * // not in OFAC's docs: the published files end each record with CR LF, print a null as `-0- `
 * // (a space after it), and end with one SUB control character (0x1A) after the last record.
 * // not in OFAC's docs: any encoding beyond ASCII; a file that is not valid UTF-8 is read as
 * // Latin-1 (both read ASCII the same).
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { MalformedWatchlistFileError } from '../watchlist-entry';

/** A file of a list as given: its bytes, or a stream of them. */
export type OfacFileContent = Buffer | Readable;

/** One record of a CSV file: its fields (null for OFAC's `-0-`) and the line it ends on. */
export interface OfacCsvRow {
  line: number;
  fields: Array<string | null>;
}

const SUB = 0x1a;
const NULL_VALUE = '-0-';

/** The bytes of a file given either way. */
export async function bytesOf(content: OfacFileContent): Promise<Buffer> {
  if (Buffer.isBuffer(content)) return content;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function textOf(bytes: Buffer): string {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === SUB || bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d)) end -= 1;
  const body = bytes.subarray(0, end);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return body.toString('latin1');
  }
}

interface CsvParseError extends Error {
  code?: string;
}

const REASONS: Readonly<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is not closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a field is not doubled or the field goes on after its closing quote',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text follows the closing quote of a field',
};

/** The line (from 1) of the first record that starts at or after character `offset` of `text`. */
function lineAt(text: string, newlines: number[], offset: number): number {
  let start = offset;
  while (text[start] === '\r' || text[start] === '\n') start += 1;
  let low = 0;
  let high = newlines.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (newlines[mid] < start) low = mid + 1;
    else high = mid;
  }
  return low + 1;
}

/**
 * The rows of `file`, each with exactly `fieldCount` fields and the line it starts on, or a
 * {@link MalformedWatchlistFileError} naming the line: a broken quote, or a row with another
 * number of fields.
 */
export function csvRowsOf(file: string, bytes: Buffer, fieldCount: number): OfacCsvRow[] {
  const text = textOf(bytes);
  const newlines: number[] = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) newlines.push(i);
  let recordEnd = 0;
  let records: Array<{ record: string[]; info: { bytes: number } }>;
  try {
    records = parse(text, {
      info: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record, context) => {
        recordEnd = context.bytes;
        return record;
      },
    }) as unknown as typeof records;
  } catch (err) {
    const error = err as CsvParseError;
    const reason = (error.code && REASONS[error.code]) ?? `the CSV cannot be read (${error.message})`;
    throw new MalformedWatchlistFileError(file, lineAt(text, newlines, recordEnd), reason);
  }
  let previousEnd = 0;
  return records.map(({ record, info }) => {
    const line = lineAt(text, newlines, previousEnd);
    previousEnd = info.bytes;
    if (record.length !== fieldCount) {
      throw new MalformedWatchlistFileError(file, line, `expected ${fieldCount} fields, found ${record.length}`);
    }
    return { line, fields: record.map((field) => (field === NULL_VALUE || field === '' ? null : field)) };
  });
}

/** A row's entry number (`ent_num`), checked to be the integer the specification says. */
export function entNumOf(file: string, row: OfacCsvRow): string {
  const value = row.fields[0];
  if (value === null || !/^\d+$/.test(value)) {
    throw new MalformedWatchlistFileError(file, row.line, `ent_num ${JSON.stringify(value ?? NULL_VALUE)} is not a number`);
  }
  return value;
}
