import type { Knex } from '@kyb/db';
import type { ScoreRow, ScoreTrigger } from './score-row';

/** One score asked for: once per `sourceKey`. */
export interface ScoreRequest {
  sourceKey: string;
  businessId: string;
  customerId: string | null;
}

const SCORES = 'scores.scores';

/**
 * The scores asked for by `requests` (distinct source keys), those there are none of created
 * PROCESSING with the config of their customer (`customer_weightage_configs`), else the active one:
 * an insert that skips existing source keys, then a read of them all (a read in the insert's
 * statement would not see a row another transaction committed meanwhile). Two statements whatever
 * the number of requests; the single and the batch paths both create scores through it.
 * @throws Error when a score could not be created because no config is active.
 */
export async function findOrCreateScores(db: Knex, requests: readonly ScoreRequest[], trigger: ScoreTrigger, at: Date, requestedBy: string | null = null): Promise<ScoreRow[]> {
  if (requests.length === 0) return [];
  const keys = requests.map((r) => r.sourceKey);
  await db.raw(
    `insert into ${SCORES} (source_key, trigger, business_id, customer_id, weightage_config_id, version, year, month, requested_by, created_at, updated_at)
     select r.source_key, ?, r.business_id, r.customer_id, c.id, c.version, ?, ?, ?, ?, ?
     from unnest(?::text[], ?::uuid[], ?::uuid[]) as r(source_key, business_id, customer_id)
     cross join lateral (
       select w.id, w.version from scores.weightage_configs w
       where w.id = (select a.weightage_config_id from scores.customer_weightage_configs a where a.customer_id = r.customer_id)
          or (w.is_active and not exists (select 1 from scores.customer_weightage_configs a where a.customer_id = r.customer_id))
       limit 1
     ) as c
     on conflict (source_key) do nothing`,
    [trigger, at.getUTCFullYear(), at.getUTCMonth() + 1, requestedBy, at, at, keys, requests.map((r) => r.businessId), requests.map((r) => r.customerId)],
  );
  const rows: ScoreRow[] = await db(SCORES).whereRaw('source_key = any(?::text[])', [keys]);
  if (rows.length < new Set(keys).size) throw new Error(`No active weighting config: ${new Set(keys).size - rows.length} scores could not be created`);
  return rows;
}
