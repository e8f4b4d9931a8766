/*
 * The fixtures of this folder (fictional entries written in OFAC's official layouts) and the
 * edits the malformed-file tests make to them. Test support only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OfacCsvFiles } from './read-ofac-csv';

/** A fixture file's bytes. */
export const fixture = (name: string): Buffer => readFileSync(join(__dirname, 'fixtures', name));

/** The SDN list's CSV files. */
export const sdnCsvFiles = (): OfacCsvFiles => ({ primary: fixture('sdn.csv'), addresses: fixture('add.csv'), aliases: fixture('alt.csv'), comments: fixture('sdn_comments.csv') });

/** The Consolidated list's CSV files. */
export const consolidatedCsvFiles = (): OfacCsvFiles => ({
  primary: fixture('cons_prim.csv'),
  addresses: fixture('cons_add.csv'),
  aliases: fixture('cons_alt.csv'),
  comments: fixture('cons_comments.csv'),
});

const SUB = '\x1a';

/** The records of a CSV fixture, one a line, without the trailing SUB character. */
export const linesOf = (bytes: Buffer): string[] => bytes.toString('latin1').replace(SUB, '').split('\r\n').slice(0, -1);

/** A CSV file made of `lines` as OFAC writes one (CR LF after each record, SUB at the end). */
export const csvOf = (lines: readonly string[]): Buffer => Buffer.from(`${lines.map((l) => `${l}\r\n`).join('')}${SUB}`, 'latin1');

/** The CSV fixture with its line `line` (from 1) replaced. */
export function withLine(bytes: Buffer, line: number, text: string): Buffer {
  const lines = linesOf(bytes);
  lines[line - 1] = text;
  return csvOf(lines);
}
