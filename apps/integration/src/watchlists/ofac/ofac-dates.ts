/*
 * Dates of birth as the entry model keeps them (`YYYY-MM-DD`, `YYYY-MM`, `YYYY`, or a range
 * `A to B`), from the two ways OFAC publishes them.
 *
 * - The CSV remarks print them as text after `DOB`: `13 May 1965`, `May 1965`, `1965`,
 *   `circa 1965`, `1962 to 1964` (OFAC's data-file announcement of 13 June 2012,
 *   https://ofac.treasury.gov/recent-actions/20120613, item 4: dates were standardised to the
 *   `D MMM YYYY` family).
 * - SDN_ADVANCED.XML gives a Feature's DatePeriod: Start and End, each a From/To of Year, Month,
 *   Day (SDN Advanced Sanctions Data Model XML Explanatory Notes,
 *   https://home.treasury.gov/system/files/126/sdn_advanced_notes.pdf).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number): string => String(n).padStart(2, '0');

/** One CSV date (`13 May 1965`, `May 1965`, `1965`), or null when it is none of these. */
function csvDate(text: string): string | null {
  const parts = text.trim().split(/\s+/);
  const year = parts[parts.length - 1];
  if (!/^\d{4}$/.test(year)) return null;
  if (parts.length === 1) return year;
  const month = MONTHS.findIndex((m) => m.toLowerCase() === parts[parts.length - 2].slice(0, 3).toLowerCase());
  if (month < 0) return null;
  if (parts.length === 2) return `${year}-${pad(month + 1)}`;
  if (parts.length === 3 && /^\d{1,2}$/.test(parts[0])) return `${year}-${pad(month + 1)}-${pad(Number(parts[0]))}`;
  return null;
}

/** The date of a remark's `DOB ...` text, or null when the text is not a date OFAC prints. */
export function dateOfBirthFromRemark(text: string): string | null {
  const plain = text.replace(/^circa\s+/i, '');
  const range = plain.split(/\s+to\s+/i);
  if (range.length === 2) {
    const [from, to] = range.map(csvDate);
    return from && to ? `${from} to ${to}` : null;
  }
  return range.length === 1 ? csvDate(plain) : null;
}

/** A Year/Month/Day group of the XML as read (any part may be missing). */
export interface XmlDateParts {
  year?: string;
  month?: string;
  day?: string;
}

/** The ends of a DatePeriod: the earliest (Start/From) and the latest (End/To) day it allows. */
export interface XmlDatePeriod {
  start: XmlDateParts;
  end: XmlDateParts;
}

const lastDayOf = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

function isoOf(parts: XmlDateParts): { year: number; month: number | null; day: number | null } | null {
  if (!parts.year || !/^\d{4}$/.test(parts.year)) return null;
  return { year: Number(parts.year), month: parts.month ? Number(parts.month) : null, day: parts.day ? Number(parts.day) : null };
}

/**
 * The date a DatePeriod stands for. A period of one day is that day; one that covers a whole
 * month or year is that month or year; anything else is the range `start to end`.
 * // not in OFAC's docs: that a year-only date of birth is published as the period
 * // 1 January to 31 December of that year (as the published file does).
 */
export function dateOfBirthFromPeriod(period: XmlDatePeriod): string | null {
  const start = isoOf(period.start);
  const end = isoOf(period.end) ?? start;
  if (!start || !end) return null;
  const text = (d: NonNullable<typeof start>): string =>
    d.month === null ? String(d.year) : d.day === null ? `${d.year}-${pad(d.month)}` : `${d.year}-${pad(d.month)}-${pad(d.day)}`;
  if (start.month === null || end.month === null || start.day === null || end.day === null) {
    return text(start) === text(end) ? text(start) : `${text(start)} to ${text(end)}`;
  }
  const wholeYears = start.month === 1 && start.day === 1 && end.month === 12 && end.day === 31;
  if (wholeYears) return start.year === end.year ? String(start.year) : `${start.year} to ${end.year}`;
  const wholeMonth = start.year === end.year && start.month === end.month && start.day === 1 && end.day === lastDayOf(end.year, end.month);
  if (wholeMonth) return `${start.year}-${pad(start.month)}`;
  return text(start) === text(end) ? text(start) : `${text(start)} to ${text(end)}`;
}
