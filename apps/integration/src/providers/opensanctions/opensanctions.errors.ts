import { VendorCallError } from '../vendor-http';

/*
 * OpenSanctions' refusals as our messages. FastAPI answers `{"detail": "<text>"}` for the route's
 * own refusals (ErrorResponse) and `{"detail": [{loc, msg, type, input, ctx}]}` for a request that
 * fails validation (HTTPValidationError, 422): hosted OpenAPI document and yente/routers/match.py,
 * yente/routers/util.py. A detail may quote what was sent ("Cannot parse example entity: ..." and a
 * validation error's `input` carry names and dates), so a message keeps only what cannot: the
 * texts yente writes without the request's values, and a validation error's location and message.
 * 401, 403, 429 and 5xx are vendor-http's (credentials refused for good; rate limit and outages
 * retried).
 */

/** The statuses whose body the adapter reads to say more than the status. */
export const READ_REFUSALS = [400, 404, 422] as const;

/** yente's 400 texts that quote nothing of the request (yente/routers/match.py, yente/routers/util.py). */
const SAFE_400_DETAILS = [/^No queries provided\.$/, /^Too many queries in one batch \(limit: \d+\)$/, /^Invalid algorithm: [\w.-]{1,40}$/, /^Invalid configuration parameter: [\w.-]{1,60} for algorithm [\w.-]{1,40}$/];

/** yente's 404 for a dataset its catalog does not hold (yente/routers/util.py, `get_dataset`). */
const NO_SUCH_DATASET = 'No such dataset.';

interface ValidationError {
  loc?: unknown;
  msg?: unknown;
}

/** `body.queries.q0.schema: Field required`, for each validation error (at most three). */
function validationText(detail: unknown): string | null {
  if (!Array.isArray(detail)) return null;
  const said = (detail as ValidationError[])
    .filter((error) => Array.isArray(error?.loc) && typeof error.msg === 'string')
    .map((error) => `${(error.loc as unknown[]).map(String).join('.')}: ${String(error.msg)}`);
  return said.length === 0 ? null : said.slice(0, 3).join('; ');
}

/** Our permanent error for a 400, 404 or 422 OpenSanctions answered screening `dataset`. */
export function refusalOf(status: number, body: unknown, dataset: string): VendorCallError {
  const detail = (body as { detail?: unknown } | null)?.detail;
  const refused = (message: string) => new VendorCallError(message, { transient: false, status });
  if (status === 404 && detail === NO_SUCH_DATASET) return refused(`OpenSanctions has no dataset "${dataset}" (HTTP 404)`);
  if (status === 422) {
    const where = validationText(detail);
    return refused(`OpenSanctions found the request malformed (HTTP 422)${where === null ? '' : `: ${where}`}`);
  }
  if (status === 400 && typeof detail === 'string') {
    if (SAFE_400_DETAILS.some((safe) => safe.test(detail))) return refused(`OpenSanctions refused the query (HTTP 400): ${detail}`);
    if (detail.startsWith('Cannot parse example entity')) return refused('OpenSanctions could not read a query as an entity (HTTP 400)');
  }
  return refused(`OpenSanctions refused the request (HTTP ${status})`);
}

/**
 * A 200 whose JSON is not in the published shape. Retried, as a body that is not JSON is
 * (vendor-http): a proxy or a deployment between versions answers it, not the request.
 */
export function unreadableAnswer(what: string, status: number): VendorCallError {
  return new VendorCallError(`OpenSanctions answered ${what} not in its published shape (HTTP ${status})`, { transient: true, status });
}
