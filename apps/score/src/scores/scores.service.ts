import { randomUUID } from 'node:crypto';
import { TenantAccessDeniedError, canAccessBusiness, unseen, type AuthContext } from '@kyb/auth';
import type { Producer, WorkerLogger } from '@kyb/queues';
import { assertBusinessAccess, findAccessibleBusiness, type BusinessDirectory } from '@kyb/area-views';
import { presentScore, type ScoreView } from './score.presenter';
import { recomputeScore, type RecomputeView } from './score-recompute';
import { ScoreNotFoundError, ScoreNotRecomputableError, UnknownScoreError } from './scores.errors';
import { SCORE_STATUSES } from './scores.schemas';
import type { ScoreStatus } from './scores.schemas';
import type { ScoreStore } from './scores.store';

/** Job id of a score's computation: a second enqueue of the same score is a no-op. */
export const scoreJobId = (scoreId: string) => `score-${scoreId}`;

/** Reading scores (E10) and asking for one. */
export function createScoresService(deps: {
  store: ScoreStore;
  businesses: BusinessDirectory;
  scores: Pick<Producer<{ scoreId: string }>, 'add'>;
  clock: () => Date;
  logger: Pick<WorkerLogger, 'error'>;
}) {
  const { store, businesses } = deps;
  /** A score the caller may read: an unknown one and another tenant's answer alike (to a CUSTOMER). */
  async function accessibleScore(caller: AuthContext, scoreId: string) {
    const score = await store.find(scoreId);
    if (!score) throw unseen(caller, new UnknownScoreError());
    if (!canAccessBusiness(caller, score.customer_id ?? '', score.business_id)) throw new TenantAccessDeniedError();
    return score;
  }
  return {
    /**
     * E10: the last score generated in the month (default: the current UTC month), whatever its
     * status, as the contract says; with `status`, the last one in that state (SUCCESS: the last
     * successful one, skipping a newer PROCESSING or FAILED score).
     */
    async ofMonth(caller: AuthContext, businessId: string, query: { year?: number; month?: number; status?: ScoreStatus }): Promise<ScoreView> {
      const now = deps.clock();
      const year = query.year ?? now.getUTCFullYear();
      const month = query.month ?? now.getUTCMonth() + 1;
      const { business, rows } = await store.latestOfMonth(businessId, year, month, query.status ? [query.status] : [...SCORE_STATUSES]);
      assertBusinessAccess(caller, business);
      const [found] = rows;
      if (found) return presentScore(found);
      const last = query.status ? (await store.latestOfMonth(businessId, year, month, [...SCORE_STATUSES])).rows[0] : undefined;
      throw new ScoreNotFoundError(year, month, query.status, last?.status);
    },

    /** Queues a new score of the business, computed with the active config. */
    async generate(caller: AuthContext, businessId: string): Promise<ScoreView> {
      const business = await findAccessibleBusiness(businesses, caller, businessId);
      const score = await store.findOrCreate({
        sourceKey: `demand:${randomUUID()}`,
        trigger: 'ON_DEMAND',
        businessId,
        customerId: business.customerId,
        requestedBy: caller.userId,
        at: deps.clock(),
      });
      // A failure to queue is logged, not answered: the recovery sweep queues a PROCESSING score again.
      await deps.scores
        .add({ scoreId: score.id }, { jobId: scoreJobId(score.id) })
        .catch((err: unknown) => deps.logger.error({ err, scoreId: score.id }, 'could not queue score; the recovery sweep will'));
      return presentScore(score);
    },

    /** One score, in whatever state it is. */
    async get(caller: AuthContext, scoreId: string): Promise<ScoreView> {
      return presentScore(await accessibleScore(caller, scoreId));
    },

    /**
     * Computes a SUCCESS score again from the snapshot of its inputs with the config it names (old
     * scores keep their version whatever the default is now), and answers whether the result is
     * identical. Nothing is stored.
     */
    async recompute(caller: AuthContext, scoreId: string): Promise<RecomputeView> {
      const score = await accessibleScore(caller, scoreId);
      const { inputs } = score;
      if (score.status !== 'SUCCESS' || inputs === null) throw new ScoreNotRecomputableError(score.status, inputs !== null);
      const config = await store.config(score.weightage_config_id);
      if (!config) throw new Error(`weighting config ${score.weightage_config_id} of score ${score.id} is gone`);
      return recomputeScore({ ...score, inputs }, config);
    },
  };
}

/** The scores service type, for injection. */
export type ScoresService = ReturnType<typeof createScoresService>;
