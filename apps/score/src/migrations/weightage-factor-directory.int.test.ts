import { randomUUID } from 'node:crypto';
import { createScoreDirectory, WEIGHTAGE_FACTOR_DIRECTORY_VIEW } from '@kyb/area-views';
import { createScoreDirectoryStandIn } from '@kyb/area-views/testing';
import { migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { DEFAULT_WEIGHTAGE_CONFIG } from '../engine';
import { scoreMigrations } from './index';

/* What the score area publishes of its configs' factors: the unit a factor's value is in, for scores old and new. */
describe('scores.weightage_factor_directory', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateLatest(database.db, scoreMigrations);
  });
  afterAll(() => database.destroy());

  const config = async (body: unknown) => {
    const id = randomUUID();
    await database.db('scores.weightage_configs').insert({ id, version: `t-${id.slice(0, 8)}`, config: JSON.stringify(body), is_active: false });
    return id;
  };

  it("gives a score stored before units were published its factors' units, from the config it names", async () => {
    const businessId = randomUUID();
    // A score as stored before: its distribution names no unit.
    await database.db('scores.scores').insert({
      business_id: businessId, source_key: `demand:${randomUUID()}`, trigger: 'ON_DEMAND', weightage_config_id: DEFAULT_WEIGHTAGE_CONFIG.id, version: '2.2', status: 'SUCCESS',
      year: 2026, month: 11, weighted_score_100: 70, weighted_score_850: 685, risk_level: 'LOW', score_decision: 'APPROVE',
      score_distribution: JSON.stringify([{ code: 'PUBLIC_RECORDS', label: 'Public Records', factors: [{ code: 'BANKRUPTCIES_AI_PLACEHOLDER', value: 10, status: 'SUCCESS' }] }]),
    });
    const scores = createScoreDirectory(database.db);
    const score = await scores.latestSuccessful(businessId);
    const units = await scores.factorUnits(score?.weightageConfigId ?? '');
    expect(units.get('BANKRUPTCIES_AI_PLACEHOLDER')).toEqual({ input: 'YEARS_SINCE_BANKRUPTCY', kind: 'years', text: 'years since the most recent bankruptcy (10 = none)' });
    expect(units.get('JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER')).toMatchObject({ kind: 'usd', text: 'total USD of active liens and judgements' });
    const factors = DEFAULT_WEIGHTAGE_CONFIG.categories.flatMap((c) => c.factors);
    expect([...units.keys()].sort()).toEqual(factors.map((f) => f.code).sort());
    expect([...units.values()].filter((u) => u.kind === null || u.text === null)).toEqual([]);
  });

  it('answers null for a factor whose config states no unit, nothing for a config of another shape, an unknown id or a non-UUID', async () => {
    const without = await config({ categories: [{ code: 'C', factors: [{ code: 'OLD', input: 'CURRENT_RATIO' }, { code: 'ODD', input: 'SOMETHING_NEW', unit: 'widgets' }] }] });
    const units = await createScoreDirectory(database.db).factorUnits(without);
    expect(Object.fromEntries(units)).toEqual({ OLD: { input: 'CURRENT_RATIO', kind: 'ratio', text: null }, ODD: { input: 'SOMETHING_NEW', kind: null, text: 'widgets' } });
    const odd = await config({ categories: 'not a list', factors: [{ code: 1 }] });
    expect((await createScoreDirectory(database.db).factorUnits(odd)).size).toBe(0);
    expect((await createScoreDirectory(database.db).factorUnits(randomUUID())).size).toBe(0);
    expect((await createScoreDirectory(database.db).factorUnits('nope')).size).toBe(0);
  });

  it('has the columns of the stand-in other areas test against', async () => {
    const standIns = await createTestDatabase();
    try {
      await createScoreDirectoryStandIn(standIns.db);
      const columns = async (db: TestDatabase['db']) =>
        (await db('information_schema.columns').where({ table_schema: 'scores', table_name: WEIGHTAGE_FACTOR_DIRECTORY_VIEW.split('.')[1] }).orderBy('ordinal_position')).map(
          (c: { column_name: string; data_type: string }) => [c.column_name, c.data_type],
        );
      const real = await columns(database.db);
      expect(real).toHaveLength(6);
      expect(real).toEqual(await columns(standIns.db));
    } finally {
      await standIns.destroy();
    }
  });
});
