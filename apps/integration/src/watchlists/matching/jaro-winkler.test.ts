import { jaroWinkler } from './jaro-winkler';

describe('jaroWinkler', () => {
  it("gives Winkler's published values (MARTHA/MARHTA 0.961, DWAYNE/DUANE 0.840, DIXON/DICKSONX 0.813)", () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
  });

  it('is 1 for equal tokens, 0 for tokens with no letter in common or an empty one', () => {
    expect(jaroWinkler('karimov', 'karimov')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', 'abc')).toBe(0);
  });

  it('is symmetric', () => {
    expect(jaroWinkler('muhammad', 'mohammed')).toBe(jaroWinkler('mohammed', 'muhammad'));
  });
});
