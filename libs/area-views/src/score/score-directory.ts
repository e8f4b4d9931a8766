import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';
import { factorValueKind, WEIGHTAGE_FACTOR_DIRECTORY_VIEW, type FactorUnit } from './factor-units';

/** The score area's read module, created by its migrations. */
export const SCORE_DIRECTORY_VIEW = 'scores.score_directory';

/** The risk levels the view's `risk_level` holds (the score engine's levels; the score area's tests keep the two alike). */
export const SCORE_RISK_LEVELS = ['HIGH', 'MODERATE', 'LOW'] as const;

/** One category of a score's distribution, as contract 2.8 shows it (only what readers use is typed). */
export interface ScoreCategoryView {
  code: string;
  label: string;
  total_weightage: number;
  score_100: string;
  factors: Array<{ code: string; label: string; value: number; score_100: number; weighted_score_850: number; weightage: number; status: string }>;
}

/** A reason a score is not higher, as the score's explanation gives it (`R01`..., a stable code per factor input). */
export interface ScoreReasonView {
  code: string;
  factor_code: string;
  reason: string;
  points_lost_850: number;
}

/** A successful score as other areas may read it. */
export interface ScoreEntry {
  id: string;
  businessId: string;
  version: string;
  weightageConfigId: string;
  weightedScore100: number;
  weightedScore850: number;
  riskLevel: string;
  decision: string;
  distribution: ScoreCategoryView[];
  /** The reasons it is not higher, most points lost first (at most four); empty for scores older than reason codes. */
  reasonCodes: ScoreReasonView[];
  /** The month it was generated in (UTC). */
  year: number;
  month: number;
  createdAt: Date;
}

type Row = Record<string, unknown>;

const toEntry = (row: Row): ScoreEntry => ({
  id: row.id as string,
  businessId: row.business_id as string,
  version: row.version as string,
  weightageConfigId: row.weightage_config_id as string,
  weightedScore100: Number(row.weighted_score_100),
  weightedScore850: Number(row.weighted_score_850),
  riskLevel: row.risk_level as string,
  decision: row.score_decision as string,
  distribution: (row.score_distribution as ScoreCategoryView[] | null) ?? [],
  reasonCodes: (row.reason_codes as ScoreReasonView[] | null) ?? [],
  year: row.year as number,
  month: row.month as number,
  createdAt: row.created_at as Date,
});

/** Reads scores through the score area's directory view. */
export function createScoreDirectory(db: Knex) {
  return {
    /** The business's newest SUCCESS score, if any. */
    async latestSuccessful(businessId: string): Promise<ScoreEntry | undefined> {
      if (!isUuid(businessId)) return undefined;
      const row = await db(SCORE_DIRECTORY_VIEW)
        .where({ business_id: businessId, status: 'SUCCESS' })
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .first();
      return row ? toEntry(row) : undefined;
    },
    /** The newest SUCCESS score of each business of `ids` that has one, in one statement (a batch). */
    async latestSuccessfulOfMany(ids: readonly string[]): Promise<Map<string, ScoreEntry>> {
      const wanted = [...new Set(ids.filter(isUuid))];
      if (wanted.length === 0) return new Map();
      const rows: Row[] = await db(SCORE_DIRECTORY_VIEW)
        .distinctOn('business_id')
        .whereRaw('business_id = any(?::uuid[])', [wanted])
        .where({ status: 'SUCCESS' })
        .orderBy([{ column: 'business_id' }, { column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
      return new Map(rows.map((row) => [row.business_id as string, toEntry(row)]));
    },
    /**
     * What each factor of a weighting config measures, by factor code (`ScoreEntry.weightageConfigId`):
     * read from the config every score keeps, so scores stored before units were published have
     * them too. Empty for an unknown config or a value that is not a UUID.
     */
    async factorUnits(weightageConfigId: string): Promise<Map<string, FactorUnit>> {
      if (!isUuid(weightageConfigId)) return new Map();
      const rows: Array<{ code: string; input: string | null; unit: string | null }> = await db(WEIGHTAGE_FACTOR_DIRECTORY_VIEW)
        .where({ weightage_config_id: weightageConfigId })
        .select('code', 'input', 'unit');
      return new Map(rows.map((r) => [r.code, { input: r.input ?? null, kind: factorValueKind(r.input ?? null), text: r.unit ?? null }]));
    },
    /** The business's newest SUCCESS score of a month before `year`-`month` (the previous month that has one), if any. */
    async latestSuccessfulBefore(businessId: string, year: number, month: number): Promise<ScoreEntry | undefined> {
      if (!isUuid(businessId)) return undefined;
      const row = await db(SCORE_DIRECTORY_VIEW)
        .where({ business_id: businessId, status: 'SUCCESS' })
        .whereRaw('(year, month) < (?, ?)', [year, month])
        .orderBy([{ column: 'year', order: 'desc' }, { column: 'month', order: 'desc' }, { column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
        .first();
      return row ? toEntry(row) : undefined;
    },
  };
}

/** The score directory type, for injection. */
export type ScoreDirectory = ReturnType<typeof createScoreDirectory>;
