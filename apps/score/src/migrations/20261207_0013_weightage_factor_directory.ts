import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * What each factor of every weighting config measures, for readers of a score's factors (the 360
 * report's factor table, issue 45): a factor's value is in its own unit (a count, years, USD, a
 * ratio), which the config states (`input`, `unit`) and the score's distribution does not. One row
 * per factor of each config, read by the config id every score keeps (configs are never deleted
 * while a score names them), so scores stored before this have their units too. A config whose
 * factor states no unit gives null; `lax` paths never fail on a config of another shape. (The
 * filter's `?` is escaped for knex, which would take it for a binding.)
 */
export const weightageFactorDirectory: Migration = {
  name: '20261207_0013_weightage_factor_directory',
  async up(db: Knex) {
    await db.raw(`create view scores.weightage_factor_directory as
      select c.id as weightage_config_id, c.version, f ->> 'code' as code, f ->> 'label' as label, f ->> 'input' as input, f ->> 'unit' as unit
      from scores.weightage_configs c
      cross join lateral jsonb_path_query(c.config::jsonb, 'lax $.categories[*].factors[*] \\? (@.code.type() == "string")') as f`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists scores.weightage_factor_directory');
  },
};
