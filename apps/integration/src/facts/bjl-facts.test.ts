import type { BjlEntry } from '@kyb/tenants';
import { buildBjlFacts } from './bjl-facts';

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
});
