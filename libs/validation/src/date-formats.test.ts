import { compileValidator } from './validator';
import { strictObject } from './schemas';
import { isStorableDate, isStorableDateTime, isStorableTime } from './date-formats';

describe('date-time: only what JavaScript and PostgreSQL can hold', () => {
  it.each([
    '2030-06-30T23:59:59Z',
    '2030-06-30t23:59:59z',
    '2030-06-30 23:59:59Z',
    '2024-02-29T00:00:00Z',
    '2030-06-30T23:59:59.123456789+02:00',
    '2030-01-01T00:00:00-00:00',
    '2030-01-01T00:00:00+14:00',
    '2030-01-01T00:00:00-12:00',
    '0001-01-01T00:00:00Z',
    '0001-01-01T00:00:00-05:00',
    '9999-12-31T23:59:59.999999Z',
    '9999-12-31T23:59:59+14:00',
  ])('accepts %s', (text) => {
    expect(isStorableDateTime(text)).toBe(true);
    expect(Number.isNaN(new Date(text).getTime())).toBe(false);
  });

  it.each([
    ['a leap second', '2030-06-30T23:59:60Z'],
    ['a leap second at another offset', '2030-07-01T01:59:60+02:00'],
    ['year 0', '0000-01-01T00:00:00Z'],
    ['a negative year', '-0001-01-01T00:00:00Z'],
    ['a year past 9999', '10000-01-01T00:00:00Z'],
    ['a year before 0001 once the offset is applied', '0001-01-01T00:00:00+00:01'],
    ['a year past 9999 once the offset is applied', '9999-12-31T23:59:59-00:01'],
    ['a fraction rounding past 9999 in microseconds', '9999-12-31T23:59:59.9999999Z'],
    ['an offset past +14:00', '2030-01-01T00:00:00+14:01'],
    ['an offset past -14:00', '2030-01-01T00:00:00-15:00'],
    ['offset minutes past 59', '2030-01-01T00:00:00+01:60'],
    ['an offset without minutes', '2030-01-01T00:00:00+01'],
    ['an offset without its colon', '2030-01-01T00:00:00+0100'],
    ['no offset', '2030-01-01T00:00:00'],
    ['February 30', '2030-02-30T00:00:00Z'],
    ['February 29 of a common year', '2100-02-29T00:00:00Z'],
    ['April 31', '2030-04-31T00:00:00Z'],
    ['month 13', '2030-13-01T00:00:00Z'],
    ['day 0', '2030-01-00T00:00:00Z'],
    ['hour 24', '2030-01-01T24:00:00Z'],
    ['minute 60', '2030-01-01T00:60:00Z'],
    ['a comma as decimal sign', '2030-01-01T00:00:00,5Z'],
    ['a date alone', '2030-01-01'],
  ])('refuses %s (%s)', (_case, text) => {
    expect(isStorableDateTime(text)).toBe(false);
  });
});

describe('date', () => {
  it.each(['0001-01-01', '2024-02-29', '2000-02-29', '9999-12-31'])('accepts %s', (text) => {
    expect(isStorableDate(text)).toBe(true);
  });

  it.each(['0000-01-01', '-0001-01-01', '10000-01-01', '2030-02-30', '1900-02-29', '2030-06-31', '2030-00-10', '2030-1-1', '2030-01-01T00:00:00Z'])(
    'refuses %s',
    (text) => {
      expect(isStorableDate(text)).toBe(false);
    },
  );
});

describe('time', () => {
  it('accepts a full-time and refuses a leap second, hour 24 and an offset past 14:00', () => {
    expect(isStorableTime('23:59:59.5+14:00')).toBe(true);
    expect(isStorableTime('23:59:60Z')).toBe(false);
    expect(isStorableTime('24:00:00Z')).toBe(false);
    expect(isStorableTime('12:00:00-14:30')).toBe(false);
  });
});

describe('the formats in the suite validator', () => {
  const schema = strictObject({
    at: { type: 'string', format: 'date-time' },
    day: { type: 'string', format: 'date' },
    after: { type: 'string', format: 'date', formatMinimum: '2000-01-01' },
  });

  it.each(['body', 'query'] as const)('answer 400 ValidationMiddlewareError in the %s', (part) => {
    const validate = compileValidator(schema, part);
    expect(validate({ at: '2030-06-30T23:59:59Z', day: '2030-06-30' })).toBeTruthy();
    expect(() => validate({ at: '2030-06-30T23:59:60Z' })).toThrow(`${part}.at must match format "date-time"`);
    expect(() => validate({ day: '2030-02-30' })).toThrow(`${part}.day must match format "date"`);
    expect(() => validate({ day: '0000-12-31' })).toThrow(`${part}.day must match format "date"`);
  });

  it('keep comparing for formatMinimum', () => {
    const validate = compileValidator(schema, 'body');
    expect(validate({ after: '2000-01-01' })).toBeTruthy();
    expect(() => validate({ after: '1999-12-31' })).toThrow('body.after should be >= 2000-01-01');
  });
});
