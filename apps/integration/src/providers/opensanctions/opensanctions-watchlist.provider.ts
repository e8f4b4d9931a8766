/*
 * OpenSanctions' hosted matcher (yente) as a watchlist matcher (adapter `opensanctions`, issue 44),
 * built from OpenSanctions' published documentation and yente's published source:
 * - Authentication, `Authorization: ApiKey <key>` on every request, the production host
 *   https://api.opensanctions.org: https://www.opensanctions.org/docs/api/authentication/
 * - The request (`POST /match/{dataset}`, `{"queries": {"<id>": {"schema", "properties"}}}`, the
 *   `algorithm`, `threshold` and `limit` parameters) and the answer (`responses` under the same ids,
 *   each with `results`, `total` and the cleaned `query`; top-level `limit`): the hosted OpenAPI
 *   document https://api.opensanctions.org/openapi.json, https://www.opensanctions.org/docs/api/request/,
 *   https://www.opensanctions.org/docs/api/response/, yente/routers/match.py, yente/data/common.py
 * - `threshold` marks `match`; `cutoff` (deprecated) bounds what is returned at all and is taken as
 *   min(cutoff, threshold): https://www.opensanctions.org/docs/api/scoring/, yente/routers/match.py.
 *   A result scoring exactly the threshold is dropped by yente when the threshold is 0.7 or lower
 *   (it keeps scores above the cutoff): not worth a deprecated parameter.
 * - Scoping to a collection (`sanctions`, `default`): https://www.opensanctions.org/faq/73/scoping
 * - Dataset versions (`GET /catalog`: `version`, `last_export`, `children`): the hosted OpenAPI
 *   document (DataCatalogModel, YenteDatasetModel), yente/routers/admin.py, and FtM's dataset
 *   metadata (followthemoney docs, "Datasets and data catalogs")
 * - Metering and the 429 of a spent monthly quota: https://www.opensanctions.org/faq/154/api-usage-limits-optimization
 * - Errors: opensanctions.errors.ts. The shapes: opensanctions.api.ts.
 * What is sent: each subject's name, an owner's date of birth, the country given with the name.
 */
import { strictObject } from '@kyb/validation';
import { ProviderError } from '../providers.errors';
import { createVendorHttp } from '../vendor-http';
import type { ScreenedList, WatchlistCandidate, WatchlistMatcher, WatchlistScreeningAnswer } from '../watchlist.provider';
import { OPENSANCTIONS_ALGORITHM, OPENSANCTIONS_DEFAULT_DATASET, OPENSANCTIONS_DEFAULT_LIMIT, type OpenSanctionsMatchResponse, type OpenSanctionsMatches } from './opensanctions.api';
import { candidateOf } from './opensanctions-candidate';
import { createCatalogReader } from './opensanctions-catalog';
import { matchBatches, type MatchBatch } from './opensanctions-query';
import { READ_REFUSALS, refusalOf, unreadableAnswer } from './opensanctions.errors';

export { OPENSANCTIONS_PRODUCTION_URL } from './opensanctions.api';

const ADAPTER = 'opensanctions';
/** Dataset names are "lowercase, underscore-linked short identifiers (eg. us_ofac_sdn)" (FtM dataset metadata). */
const DATASET_NAME = '^[a-z0-9_]{1,100}$';

/**
 * A tenant's settings for `opensanctions`: the dataset or collection screened
 * ({@link OPENSANCTIONS_DEFAULT_DATASET} when unset). The catalog entry is
 * `{ ...withSecrets('api_key'), settings: OPENSANCTIONS_SETTINGS }`.
 */
export const OPENSANCTIONS_SETTINGS = strictObject({ dataset: { type: 'string', pattern: DATASET_NAME } });

export interface OpenSanctionsWatchlistOptions {
  /** `OPENSANCTIONS_BASE_URL`: {@link OPENSANCTIONS_PRODUCTION_URL} by default, a fake in tests. */
  baseUrl: string;
  /** The API key, sent as `Authorization: ApiKey <api_key>` and nowhere else. */
  credentials: { api_key: string };
  /** The tenant's `dataset` setting. */
  dataset?: string;
  /** Pinned ({@link OPENSANCTIONS_ALGORITHM}) unless told. */
  algorithm?: string;
  /** Candidates per subject asked for ({@link OPENSANCTIONS_DEFAULT_LIMIT}). */
  limit?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** When the catalog kept is too old to trust. */
  clock?: () => Date;
}

function readableMatches(body: unknown, batch: MatchBatch): body is OpenSanctionsMatchResponse {
  const responses = (body as Partial<OpenSanctionsMatchResponse> | null)?.responses;
  if (typeof responses !== 'object' || responses === null) return false;
  return batch.sent.every(({ queryId }) => {
    const results = (responses[queryId] as Partial<OpenSanctionsMatches> | undefined)?.results;
    return (
      Array.isArray(results) &&
      results.every((r) => typeof r?.id === 'string' && typeof r.caption === 'string' && typeof r.schema === 'string' && typeof r.score === 'number' && typeof r.properties === 'object' && r.properties !== null)
    );
  });
}

/** Screening by OpenSanctions' hosted matcher (adapter `opensanctions`). The key is sent, never logged; no name is in an error. */
export function createOpenSanctionsWatchlistMatcher(options: OpenSanctionsWatchlistOptions): WatchlistMatcher {
  const apiKey = options.credentials.api_key;
  if (typeof apiKey !== 'string' || apiKey.trim() === '') throw new ProviderError('OpenSanctions needs an api_key', { transient: false });
  const dataset = options.dataset ?? OPENSANCTIONS_DEFAULT_DATASET;
  if (!new RegExp(DATASET_NAME).test(dataset)) throw new ProviderError('The OpenSanctions dataset must be a dataset name such as sanctions or us_ofac_sdn', { transient: false });
  const algorithm = options.algorithm ?? OPENSANCTIONS_ALGORITHM;
  const limit = options.limit ?? OPENSANCTIONS_DEFAULT_LIMIT;
  const call = createVendorHttp({ vendor: 'OpenSanctions', baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, authorize: () => ({ authorization: `ApiKey ${apiKey}` }), fetch: options.fetch });
  const catalog = createCatalogReader(call, options.clock ?? (() => new Date()));

  async function ask(batch: MatchBatch, threshold: number): Promise<OpenSanctionsMatchResponse> {
    const answer = await call<unknown>({ method: 'POST', path: `/match/${dataset}`, query: { algorithm, threshold, limit }, body: batch.body, answers: READ_REFUSALS });
    if ((READ_REFUSALS as readonly number[]).includes(answer.status)) throw refusalOf(answer.status, answer.body, dataset);
    if (!readableMatches(answer.body, batch)) throw unreadableAnswer('a match response', answer.status);
    return answer.body;
  }

  return {
    name: ADAPTER,
    async screen(subjects, { threshold }): Promise<WatchlistScreeningAnswer> {
      if (!(threshold >= 0 && threshold <= 1)) throw new ProviderError('The watchlist threshold must be between 0 and 1', { transient: false });
      const versions = await catalog();
      const screened = versions.screened(dataset);
      // Checked before the match call: the catalog is free, a match is billed per query.
      if (screened === null) throw new ProviderError(`OpenSanctions has no dataset "${dataset}"`, { transient: false });
      const found = new Map<string, WatchlistCandidate[]>();
      for (const batch of matchBatches(subjects)) {
        const { responses } = await ask(batch, threshold);
        for (const { queryId, subject } of batch.sent) {
          const { results, query } = responses[queryId];
          const context = { subject, askedProperties: query?.properties, algorithm, listedIn: (datasets: readonly string[]) => versions.listedIn(dataset, datasets) };
          // The API returns scores above its cutoff too (`match` false); the tenant's threshold decides.
          const candidates = results.filter((result) => result.score >= threshold).map((result) => candidateOf(result, context));
          found.set(queryId, candidates.sort((a, b) => b.score - a.score));
        }
      }
      const lists = new Map<string, ScreenedList>([[dataset, screened]]);
      for (const candidate of [...found.values()].flat()) {
        if (!lists.has(candidate.list)) lists.set(candidate.list, versions.screened(candidate.list) ?? { list: candidate.list, version: candidate.listVersion, publishedAt: null });
      }
      return { lists: [...lists.values()], results: subjects.map((subject, index) => ({ subject, candidates: found.get(`q${index}`) ?? [] })) };
    },
  };
}
