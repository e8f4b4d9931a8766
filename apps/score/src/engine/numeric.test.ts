import { roundTo, toScoreText } from './numeric';

describe('roundTo and toScoreText', () => {
  it('round half away from zero despite binary fractions', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(10.845, 2)).toBe(10.85);
    expect(roundTo(-2.345, 2)).toBe(-2.35);
  });

  it('never write negative zero', () => {
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
    expect(toScoreText(-0.001)).toBe('0.00');
  });

  it('write two decimals', () => {
    expect(toScoreText(78)).toBe('78.00');
    expect(toScoreText(696.53625)).toBe('696.54');
  });
});
