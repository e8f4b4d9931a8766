import type { FormatDefinition } from 'ajv';

/**
 * The `date`, `date-time` and `time` formats of the suite: RFC 3339 as ajv-formats reads it, but
 * only what both JavaScript's `Date` and PostgreSQL (`date`, `timestamptz`) hold, so a value that
 * passes validation can always be stored. Refused besides what RFC 3339 refuses: leap seconds
 * (`23:59:60`, an Invalid Date in JavaScript), year 0000 (PostgreSQL has none), offsets beyond
 * ±14:00 or without their minutes, and instants outside 0001-01-01T00:00:00Z..9999-12-31T23:59:59Z
 * once the offset is applied. Years are four digits, so neither negative years nor years past 9999
 * can be written.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](.+)$/;
/** The widest offset in use anywhere (Line Islands, UTC+14:00). */
const MAX_OFFSET_MINUTES = 14 * 60;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysIn(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Seconds since the epoch of a UTC calendar time; `Date.UTC` would read years 0..99 as 1900..1999. */
function epochSeconds(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, 0);
  return at.getTime() / 1000;
}

const EARLIEST = epochSeconds(1, 1, 1);
const LATEST = epochSeconds(9999, 12, 31, 23, 59, 59);

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

interface ClockTime {
  hour: number;
  minute: number;
  second: number;
  /** The fraction of the second, rounded to microseconds as PostgreSQL keeps it (may round up to 1). */
  fraction: number;
  /** Minutes east of UTC. */
  offsetMinutes: number;
}

function parseDate(text: string): CalendarDate | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return { year, month, day };
}

function parseTime(text: string): ClockTime | null {
  const match = TIME.exec(text);
  if (!match) return null;
  const [hour, minute, second] = match.slice(1, 4).map(Number);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const offsetHours = Number(match[6] ?? 0);
  const offsetMinutesPart = Number(match[7] ?? 0);
  const offset = offsetHours * 60 + offsetMinutesPart;
  if (offsetMinutesPart > 59 || offset > MAX_OFFSET_MINUTES) return null;
  const fraction = match[4] === undefined ? 0 : Math.round(Number(`0.${match[4]}`) * 1e6) / 1e6;
  return { hour, minute, second, fraction, offsetMinutes: match[5] === '-' ? -offset : offset };
}

/** Seconds since the epoch of a valid RFC 3339 date-time (fraction included), or null. */
function parseDateTime(text: string): number | null {
  const match = DATE_TIME.exec(text);
  const date = match && parseDate(match[1]);
  const time = match && parseTime(match[2]);
  if (!date || !time) return null;
  // Whole seconds are compared apart from the fraction, which a float this large would blur.
  const seconds = epochSeconds(date.year, date.month, date.day, time.hour, time.minute, time.second) - time.offsetMinutes * 60;
  const stored = time.fraction === 1 ? seconds + 1 : seconds;
  return stored >= EARLIEST && stored <= LATEST ? seconds + time.fraction : null;
}

/** Whether `text` is a calendar date PostgreSQL and JavaScript both hold (`YYYY-MM-DD`, year 0001..9999). */
export function isStorableDate(text: string): boolean {
  return parseDate(text) !== null;
}

/** Whether `text` is an RFC 3339 date-time PostgreSQL and JavaScript both hold (see the file comment). */
export function isStorableDateTime(text: string): boolean {
  return parseDateTime(text) !== null;
}

/** Whether `text` is an RFC 3339 full-time (offset required) without a leap second or an offset beyond ±14:00. */
export function isStorableTime(text: string): boolean {
  return parseTime(text) !== null;
}

/** Orders two values by `key`; undefined (not comparable) when either is not a valid value. */
function by(key: (text: string) => number | null) {
  return (a: string, b: string): number | undefined => {
    const [x, y] = [key(a), key(b)];
    if (x === null || y === null) return undefined;
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

function dateKey(text: string): number | null {
  const date = parseDate(text);
  return date && epochSeconds(date.year, date.month, date.day);
}

function timeKey(text: string): number | null {
  const time = parseTime(text);
  return time && time.hour * 3600 + time.minute * 60 + time.second + time.fraction - time.offsetMinutes * 60;
}

/** The overriding format definitions, with the comparisons `formatMinimum` and its kin use. */
export const storableDateFormats: Record<'date' | 'date-time' | 'time', FormatDefinition<string>> = {
  date: { type: 'string', validate: isStorableDate, compare: by(dateKey) },
  'date-time': { type: 'string', validate: isStorableDateTime, compare: by(parseDateTime) },
  time: { type: 'string', validate: isStorableTime, compare: by(timeKey) },
};
