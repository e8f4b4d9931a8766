/*
 * The shapes of OpenSanctions' hosted matching API (yente) that the adapter sends and reads, from:
 * - the hosted API's OpenAPI document, https://api.opensanctions.org/openapi.json ("yente 5.5.0"):
 *   `POST /match/{dataset}` with its query parameters, EntityMatchQuery, EntityMatchResponse,
 *   EntityMatches, ScoredEntityResponse, FeatureResult, HTTPValidationError, DataCatalogModel and
 *   YenteDatasetModel;
 * - yente's source (github.com/opensanctions/yente): yente/routers/match.py (the route, its 400s and
 *   the echoed, cleaned `query`), yente/data/common.py (the models), yente/routers/util.py (404 "No
 *   such dataset."), yente/settings.py (MAX_BATCH 100, MATCH_PAGE 5, SCORE_THRESHOLD 0.7),
 *   yente/routers/admin.py (`GET /catalog`, served with `Cache-Control: public, max-age=300`);
 * - nomenklatura/matching/types.py (FeatureResult: score, detail, and the query and candidate values
 *   "actually used to make the match").
 */

/** OpenSanctions' hosted API (`OPENSANCTIONS_BASE_URL` by default): https://www.opensanctions.org/docs/api/authentication/. */
export const OPENSANCTIONS_PRODUCTION_URL = 'https://api.opensanctions.org';

/**
 * The collection screened unless a tenant names another: "sanctions is a subset of sources limited
 * to government-issued sanctions lists" (https://www.opensanctions.org/faq/73/scoping); `default`
 * would add PEPs, crime and debarment lists, which are not what a sanctions check asks.
 */
export const OPENSANCTIONS_DEFAULT_DATASET = 'sanctions';

/**
 * The scoring algorithm, pinned: `best` (the API's default) "may mean that specific scores for
 * matched entities change significantly over time" (https://www.opensanctions.org/docs/api/scoring/),
 * and a tenant's threshold is tuned against one algorithm's scores. logic-v2 is what `best` is today.
 */
export const OPENSANCTIONS_ALGORITHM = 'logic-v2';

/** yente's `MAX_BATCH`: more queries in one request answer 400 "Too many queries in one batch". */
export const OPENSANCTIONS_MAX_BATCH = 100;

/** yente's `MATCH_PAGE`, sent explicitly: the candidates per query, best first. */
export const OPENSANCTIONS_DEFAULT_LIMIT = 5;

/** The FollowTheMoney schemata a query is sent as (https://www.opensanctions.org/docs/api/matching/). */
export type OpenSanctionsQuerySchema = 'Person' | 'Company';

/** One query-by-example entity: `{schema, properties: {name: [...], ...}}`, every value a list. */
export interface OpenSanctionsQuery {
  schema: OpenSanctionsQuerySchema;
  properties: Record<string, string[]>;
}

/** The request body: queries keyed by an id of the caller's choosing, answered under the same id. */
export interface OpenSanctionsMatchRequest {
  queries: Record<string, OpenSanctionsQuery>;
}

/** FeatureResult: a feature's sub-score, its explanation, and the values it compared. */
export interface OpenSanctionsFeature {
  score: number;
  detail: string | null;
  query?: string | null;
  candidate?: string | null;
}

/** ScoredEntityResponse (the fields the adapter reads). */
export interface OpenSanctionsResult {
  id: string;
  caption: string;
  schema: string;
  /** FtM properties; a nested entity may stand in place of a string (EntityResponse). */
  properties: Record<string, unknown[]>;
  datasets?: string[];
  score: number;
  match: boolean;
  explanations: Record<string, OpenSanctionsFeature>;
}

/** EntityMatches: one query's answer, with the query as yente cleaned it (countries as codes). */
export interface OpenSanctionsMatches {
  status?: number;
  results: OpenSanctionsResult[];
  total: { value: number; relation?: string };
  query: { id?: string | null; schema: string; properties: Record<string, unknown> };
}

/** EntityMatchResponse. */
export interface OpenSanctionsMatchResponse {
  responses: Record<string, OpenSanctionsMatches>;
  limit: number;
}

/** YenteDatasetModel (the fields the adapter reads). */
export interface OpenSanctionsDataset {
  name: string;
  title?: string;
  /** "Latest dataset version ... version IDs can be relied on to be sortable strings" (FtM dataset metadata). */
  version?: string | null;
  /** "Timestamp of the most recent dataset crawl and export". */
  last_export?: string | null;
  /** A collection's member datasets. */
  children?: string[];
}

/** DataCatalogModel (`GET /catalog`). */
export interface OpenSanctionsCatalog {
  datasets: OpenSanctionsDataset[];
}
