import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BjlEntry } from '@kyb/area-views';
import { compileCheck } from '@kyb/validation';
import { buildBjlFacts } from './bjl-facts';
import { bjlFactsSchema } from './bjl-facts.schemas';

const published = JSON.parse(readFileSync(join(__dirname, 'samples/bjl-facts.response.200.schema-example.json'), 'utf8')) as {
  data: Record<string, unknown>;
};

const record = (kind: BjlEntry['kind'], date: string, status: string, amount: number | null): BjlEntry => ({
  kind,
  filingDate: new Date(date),
  status,
  amount,
});

describe('buildBjlFacts', () => {
  it('answers every value null, with no source, until public records were fetched once', () => {
    const facts = buildBjlFacts(null, []);
    expect(facts.bankruptcies).toEqual({ name: 'bankruptcies', value: null, alternatives: [] });
    expect(facts.liens).toEqual({ name: 'liens', value: null, alternatives: [] });
    expect(facts.num_judgements).toEqual({ name: 'num_judgements', value: null, dependencies: ['judgements'], alternatives: [] });
  });

  it('counts zero with null dates when the records are known and empty', () => {
    const facts = buildBjlFacts({ platformId: 100 }, []);
    expect(facts.bankruptcies).toEqual({
      name: 'bankruptcies',
      value: { count: 0, most_recent: null, most_recent_status: null },
      description: 'Bankruptcies associated to this business',
      'source.confidence': 1,
      'source.platformId': 100,
      ruleApplied: { name: 'factWithHighestConfidence', description: 'Get the fact with the highest confidence and weight if the same confidence' },
      alternatives: [],
    });
    expect(facts.liens.value).toEqual({ count: 0, most_recent: null, most_recent_status: null, most_recent_amount: null, total_open_lien_amount: 0 });
    expect(facts.judgements.value).toEqual({ count: 0, most_recent: null, most_recent_status: null, most_recent_amount: null });
    expect(facts.num_liens.value).toBe(0);
  });

  it('takes the most recent record by filing date and sums only the active liens', () => {
    const facts = buildBjlFacts({ platformId: 17 }, [
      record('LIEN', '2025-05-15T00:00:00Z', 'active', 4445),
      record('LIEN', '2023-01-01T00:00:00Z', 'released', 900),
      record('LIEN', '2024-03-01T00:00:00Z', 'active', 1000.255),
      record('JUDGEMENT', '2021-06-01T00:00:00Z', 'satisfied', 300),
      record('JUDGEMENT', '2022-06-01T00:00:00Z', 'active', 5000),
      record('BANKRUPTCY', '2019-07-09T00:00:00Z', 'discharged', null),
    ]);
    expect(facts.liens.value).toEqual({
      count: 3,
      most_recent: '2025-05-15T00:00:00.000Z',
      most_recent_status: 'active',
      most_recent_amount: 4445,
      total_open_lien_amount: 5445.26,
    });
    expect(facts.judgements.value).toEqual({ count: 2, most_recent: '2022-06-01T00:00:00.000Z', most_recent_status: 'active', most_recent_amount: 5000 });
    expect(facts.bankruptcies.value).toEqual({ count: 1, most_recent: '2019-07-09T00:00:00.000Z', most_recent_status: 'discharged' });
    expect([facts.num_bankruptcies.value, facts.num_judgements.value, facts.num_liens.value]).toEqual([1, 2, 3]);
    expect(facts.num_liens.dependencies).toEqual(['liens']);
  });

  it('answers the published body for the published records, ruleApplied included, key for key and in order', () => {
    const facts = buildBjlFacts({ platformId: 17 }, [record('LIEN', '2025-05-15T00:00:00Z', 'active', 4445)]);
    const { judgements: _j, num_judgements: _n, ...expected } = published.data;
    const { judgements: _ours, num_judgements: _ourCount, ...ours } = facts;
    // The published liens record carries no amount; ours has one, so only that value differs.
    expect({ ...ours, liens: { ...ours.liens, value: { ...(ours.liens.value as object), most_recent_amount: null } } }).toEqual(expected);
    expect(Object.keys(facts.bankruptcies)).toEqual(Object.keys(published.data.bankruptcies as object));
    expect(Object.keys(facts.liens)).toEqual(Object.keys(published.data.liens as object));
    expect(buildBjlFacts(null, []).judgements).toEqual(published.data.judgements);
  });

  it('describes ruleApplied in the facts schema: the published body validates, a fact with an undescribed key does not', () => {
    const check = compileCheck(bjlFactsSchema, 'body');
    expect(check(published.data)).toBeNull();
    expect(check(buildBjlFacts({ platformId: 17 }, [record('BANKRUPTCY', '2019-07-09T00:00:00Z', 'discharged', null)]))).toBeNull();
    const liens = published.data.liens as Record<string, unknown>;
    expect(check({ ...published.data, liens: { ...liens, ruleApplied: { name: 'x' } } })).not.toBeNull();
    expect(check({ ...published.data, liens: { ...liens, rule: 'x' } })).not.toBeNull();
  });
});
