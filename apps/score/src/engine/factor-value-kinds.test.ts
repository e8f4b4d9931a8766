import { FACTOR_VALUE_KINDS, factorValueKind } from '@kyb/area-views';
import { DEFAULT_WEIGHTAGE_CONFIG } from './default-weightage-config';
import { FACTOR_VALUE_EXTRACTORS } from './factor-values';

/* What readers print a factor's value with (the 360 report's factor table) must know every extractor the engine has. */
describe('the published kinds of factor values', () => {
  it('name a kind for every value extractor, and none the engine lacks', () => {
    expect(Object.keys(FACTOR_VALUE_KINDS).sort()).toEqual(Object.keys(FACTOR_VALUE_EXTRACTORS).sort());
  });

  it("agree with the default config's own words for each unit", () => {
    const words: Record<string, RegExp> = { usd: /USD/, years: /years/, stars: /stars/, score_100: /0\.\.100/, percent: /%/, ratio: /ratio|\/|coverage/ };
    for (const factor of DEFAULT_WEIGHTAGE_CONFIG.categories.flatMap((c) => c.factors)) {
      const kind = factorValueKind(factor.input);
      expect(`${factor.code}: ${kind}`).toMatch(/: [a-z_0-9]+$/);
      expect(`${factor.code}: ${factor.unit}`).toMatch(words[kind as string]);
    }
    expect(factorValueKind('NOT_AN_EXTRACTOR')).toBeNull();
    expect(factorValueKind('toString')).toBeNull();
  });
});
