import { compactNumber, formatCompact, formatFactorValue } from './factor-value-format';

describe('formatFactorValue', () => {
  it('prints each kind of value with its unit', () => {
    expect(formatFactorValue(361054.24, 'usd')).toBe('$361,054.24');
    expect(formatFactorValue(0, 'usd')).toBe('$0.00');
    expect(formatFactorValue(10, 'years')).toBe('10 years');
    expect(formatFactorValue(1, 'years')).toBe('1 year');
    expect(formatFactorValue(2.5, 'years')).toBe('2.5 years');
    expect(formatFactorValue(4.3, 'stars')).toBe('4.3 of 5');
    expect(formatFactorValue(72, 'score_100')).toBe('72 of 100');
    expect(formatFactorValue(-12.345, 'percent')).toBe('-12.35%');
    expect(formatFactorValue(1.25, 'ratio')).toBe('1.25\u00d7');
  });

  it('prints a value whose kind is not known bare, and a missing or non-finite one as a dash', () => {
    expect(formatFactorValue(742, null)).toBe('742');
    expect(formatFactorValue(742, undefined)).toBe('742');
    expect(formatFactorValue(361054.244, null)).toBe('361,054.24');
    expect(formatFactorValue(-2500000, null)).toBe('-2.5M');
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatFactorValue(value, 'usd')).toBe('\u2014');
  });

  it('shows dollars to the cent below a million and compact from there; numbers with a unit compact from 10,000, scientific when absurd', () => {
    expect(formatFactorValue(999999.99, 'usd')).toBe('$999,999.99');
    expect(formatFactorValue(-1250000, 'usd')).toBe('-$1.25M');
    expect(formatFactorValue(48250000000, 'usd')).toBe('$48.3B');
    expect(formatFactorValue(-3e21, 'usd')).toBe('-$3.0e+21');
    expect(compactNumber(9999.99)).toBe('9,999.99');
    expect(compactNumber(12345)).toBe('12.3K');
    expect(compactNumber(-987654321)).toBe('-988M');
    expect(compactNumber(1e21)).toBe('1.0e+21');
    expect(formatFactorValue(1e21, 'percent')).toBe('1.0e+21%');
    expect(formatFactorValue(12345, 'years')).toBe('12.3K years');
  });
});

describe('formatCompact', () => {
  it('keeps small numbers to the digits asked, compacts large ones and dashes what is not a number', () => {
    expect(formatCompact(88.04, 1)).toBe('88');
    expect(formatCompact(64.25, 1)).toBe('64.3');
    expect(formatCompact(1e9, 1)).toBe('1B');
    expect(formatCompact(null)).toBe('\u2014');
    expect(formatCompact(Number.NaN)).toBe('\u2014');
  });
});
