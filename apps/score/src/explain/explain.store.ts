import type { Knex } from '@kyb/db';
import type { ScoreRow } from '../scores/scores.store';

const SCORES = 'scores.scores';

/** The reads explanations, diffs and what-ifs need beyond the score store's. */
export function createPgExplainStore(db: Knex) {
  const latestSuccess = (businessId: string) =>
    db(SCORES).where({ business_id: businessId, status: 'SUCCESS' }).orderBy('created_at', 'desc').orderBy('id', 'desc');
  return {
    /** The business's newest SUCCESS score of the month, if any (the one E10 with status=SUCCESS answers). */
    async latestSuccessOfMonth(businessId: string, year: number, month: number): Promise<ScoreRow | undefined> {
      return latestSuccess(businessId).where({ year, month }).first<ScoreRow | undefined>();
    },
    /** The business's newest SUCCESS score of all, if any. */
    async latestSuccess(businessId: string): Promise<ScoreRow | undefined> {
      return latestSuccess(businessId).first<ScoreRow | undefined>();
    },
  };
}

/** The explain store type, for injection. */
export type ExplainStore = ReturnType<typeof createPgExplainStore>;
