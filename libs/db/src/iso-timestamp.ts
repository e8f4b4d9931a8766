/**
 * SQL reading `column` (a timestamptz) as `Date.toISOString` writes it: UTC, milliseconds cut as a
 * Date cuts them. Lists and hot reads take their times as this text: parsing a Date and printing it
 * again cost about 4 µs per timestamp (docs/adr/0019).
 */
export const isoTimestampSql = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
