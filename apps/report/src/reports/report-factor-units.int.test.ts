import { randomUUID } from 'node:crypto';
import { reportableBusiness } from '../test-support/report-sources';
import { startRenderingReportTestApp, type RenderingReportTestApp } from '../test-support/rendered-reports';

/** The worker reads what each factor's value measures from the score area's factor directory, by the config the score names. */
describe("the report's factor table says what each value is", () => {
  let t: RenderingReportTestApp;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startRenderingReportTestApp(customerId);
  });
  afterAll(() => t.close());

  /** A newer score than the business's first, made with `configId`, whose bankruptcies factor reads 10 while the records count none. */
  async function scoredWith(businessId: string, configId: string) {
    const factor = (code: string, label: string, value: number, score100: number) => ({ code, label, value, score_100: score100, weighted_score_850: 100, weightage: 40, status: 'SUCCESS' });
    await t.scores.put({
      id: randomUUID(), businessId, version: '2.2', weightageConfigId: configId, weightedScore100: 70, weightedScore850: 685, riskLevel: 'MODERATE', decision: 'FURTHER_REVIEW_NEEDED',
      createdAt: new Date(Date.now() + 60_000),
      distribution: [{
        code: 'PUBLIC_RECORDS', label: 'Public Records', total_weightage: 25, score_100: '60.00',
        factors: [factor('JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER', 'Judgements and Liens', 361054.24, 8.4), factor('BANKRUPTCIES_AI_PLACEHOLDER', 'Bankruptcies', 10, 100), factor('SOCIAL_REVIEWS_AI_PLACEHOLDER', 'Social Reviews', 4.3, 86)],
      }],
    });
  }

  it("prints each value with its unit from the score's config, and the config's words under the factor; a factor the config states no unit for bare", async () => {
    const id = await reportableBusiness(t, customerId);
    const configId = randomUUID();
    await scoredWith(id, configId);
    await t.scores.putFactorUnits(configId, [
      { code: 'JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER', input: 'ACTIVE_LIENS_AND_JUDGEMENTS_USD', unit: 'total USD of active liens and judgements' },
      { code: 'BANKRUPTCIES_AI_PLACEHOLDER', input: 'YEARS_SINCE_BANKRUPTCY', unit: 'years since the most recent bankruptcy (10 = none)' },
      { code: 'SOCIAL_REVIEWS_AI_PLACEHOLDER', input: 'AVERAGE_REVIEW_RATING', unit: null },
    ]);
    const { data, text } = await t.reportOf(id);
    expect(data.score?.factors.map((f) => [f.code, f.valueKind, f.unit])).toEqual([
      ['JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER', 'usd', 'total USD of active liens and judgements'],
      ['BANKRUPTCIES_AI_PLACEHOLDER', 'years', 'years since the most recent bankruptcy (10 = none)'],
      ['SOCIAL_REVIEWS_AI_PLACEHOLDER', 'stars', null],
    ]);
    expect(text).toContain('Judgements and Liens Value: total USD of active liens and judgements $361,054.24 8.4 40 SUCCESS');
    expect(text).toContain('Bankruptcies Value: years since the most recent bankruptcy (10 = none) 10 years 100 40 SUCCESS');
    expect(text).toContain('Social Reviews 4.3 of 5 86 40 SUCCESS');
    // What the public records say beside it.
    expect(text).toMatch(/Bankruptcies 0\b/);
  });

  it('prints the values bare when the score names a config the score area does not publish', async () => {
    const id = await reportableBusiness(t, customerId);
    await scoredWith(id, randomUUID());
    const { data, text } = await t.reportOf(id);
    expect(data.score?.factors.every((f) => f.valueKind === null && f.unit === null)).toBe(true);
    expect(text).toContain('Judgements and Liens 361,054.24 8.4 40 SUCCESS');
    expect(text).not.toContain('Value: ');
  });
});
