import { scoreEvents, type StoredSuccess } from './score-events';

const customer = 'c1';
const stored = (id: string, business: string, risk: string, previous: string | null, newest = true): StoredSuccess => ({
  id,
  business_id: business,
  customer_id: customer,
  risk_level: risk,
  previous_risk_level: previous,
  newest,
});
/** The events as `type:score:previous>level` for short comparisons. */
const brief = (rows: StoredSuccess[]) =>
  scoreEvents(rows).map((e) => {
    if (e.type === 'score.risk_level_changed') return `changed:${e.data.score_id}:${e.data.previous_risk_level}>${e.data.risk_level}`;
    if (e.type === 'score.computed') return `computed:${e.data.score_id}`;
    return `unexpected:${e.type}`;
  });

describe('scoreEvents', () => {
  it("announces a business's first score as computed only, and a later one's change of level against the score it replaces", () => {
    expect(brief([stored('s1', 'b1', 'LOW', null), stored('s2', 'b2', 'HIGH', 'LOW'), stored('s3', 'b3', 'LOW', 'LOW')])).toEqual([
      'computed:s1',
      'computed:s2',
      'changed:s2:LOW>HIGH',
      'computed:s3',
    ]);
  });

  it('chains the scores of one business stored together, each compared with the one before it', () => {
    expect(brief([stored('s1', 'b1', 'HIGH', 'LOW'), stored('s2', 'b1', 'HIGH', 'LOW'), stored('s3', 'b1', 'MODERATE', 'LOW')])).toEqual([
      'computed:s1',
      'changed:s1:LOW>HIGH',
      'computed:s2',
      'computed:s3',
      'changed:s3:HIGH>MODERATE',
    ]);
    expect(brief([stored('s1', 'b1', 'LOW', null), stored('s2', 'b1', 'HIGH', null)])).toEqual(['computed:s1', 'computed:s2', 'changed:s2:LOW>HIGH']);
  });

  it('announces no change for a score older than the one its business already has, and compares the next with that one', () => {
    expect(brief([stored('old', 'b1', 'HIGH', 'LOW', false), stored('new', 'b1', 'MODERATE', 'LOW')])).toEqual([
      'computed:old',
      'computed:new',
      'changed:new:LOW>MODERATE',
    ]);
  });

  it('carries the ids, the levels and the customer, nothing else', () => {
    expect(scoreEvents([stored('s2', 'b1', 'HIGH', 'LOW')])).toEqual([
      { type: 'score.computed', customerId: customer, data: { business_id: 'b1', score_id: 's2', risk_level: 'HIGH' } },
      { type: 'score.risk_level_changed', customerId: customer, data: { business_id: 'b1', score_id: 's2', risk_level: 'HIGH', previous_risk_level: 'LOW' } },
    ]);
  });

  it('announces nothing of a score without a customer, yet compares the next score with it', () => {
    const orphan = { ...stored('s1', 'b1', 'HIGH', 'LOW'), customer_id: null };
    expect(brief([orphan, stored('s2', 'b1', 'HIGH', 'LOW')])).toEqual(['computed:s2']);
  });
});
