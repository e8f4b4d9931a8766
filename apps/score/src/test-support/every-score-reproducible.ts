import type { Knex } from '@kyb/db';
import type { WeightageConfig } from '../engine';
import { recomputeScore } from '../scores/score-recompute';
import type { ScoreRow } from '../scores/scores.store';

/**
 * Every SUCCESS score in the database that kept its inputs computed again from its snapshot with
 * the config it names (issue 12: reproducible scores): throws, naming each, when a recompute
 * differs or the config is gone. The score area's test harness runs it as each test file closes,
 * so every score the area's code stored is recomputed. Rows without a snapshot are those a test
 * wrote by hand as a score older than snapshots (the code stores one with every SUCCESS, which
 * score-recompute.int.test.ts asserts); they are left out. Answers how many scores it recomputed.
 */
export async function assertEveryScoreReproducible(db: Knex): Promise<number> {
  const rows: ScoreRow[] = await db('scores.scores').where({ status: 'SUCCESS' }).whereNotNull('inputs');
  const configs = new Map<string, WeightageConfig>(
    (await db('scores.weightage_configs').select('id', 'config')).map((row: { id: string; config: WeightageConfig }) => [row.id, row.config]),
  );
  const problems: string[] = [];
  for (const row of rows) {
    const config = configs.get(row.weightage_config_id);
    if (row.inputs === null || !config) {
      problems.push(`score ${row.id} names a config that is gone`);
      continue;
    }
    const outcome = recomputeScore({ ...row, inputs: row.inputs }, config);
    if (!outcome.identical) problems.push(`score ${row.id} recomputed differs in ${outcome.differences.join(', ')}`);
  }
  if (problems.length > 0) throw new Error(`scores not reproducible from their snapshots:\n${problems.join('\n')}`);
  return rows.length;
}
