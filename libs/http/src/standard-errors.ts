/**
 * What a route refuses besides what every route refuses, one phrase each; the standard wording
 * around them is {@link standardErrors}'.
 */
export interface ErrorCases {
  /** 400: what else is invalid, beyond the request's schema. */
  invalid?: string;
  /** 401: what else is refused as unauthenticated (a refresh token, a sign-in), for a route without a token. */
  unauthenticated?: string;
  /** 403 `AccessMiddlewareError`: what of another tenant is refused, e.g. "a business". */
  tenant?: string;
  /** 403: what else is forbidden (a feature switch, a limit). */
  forbidden?: string;
  /** 404: what is not found, with its error name. */
  notFound?: string;
  /** 429: what is limited (the answer says when to retry: Retry-After). */
  tooMany?: string;
  /** 503: what may be unavailable. */
  unavailable?: string;
}

/** The statuses {@link standardErrors} writes: a route declares them through its `errors`, never in `responses`. */
export const STANDARD_ERROR_STATUSES = [400, 401, 403, 404, 429, 503] as const;

/** What a route is, for its standard answers: whether it needs a token, who may call it, and its own cases. */
export interface ErrorAnswering {
  auth: boolean;
  /** An idempotent route also answers 503 when the register of Idempotency-Keys does not answer. */
  idempotent?: boolean;
  access?: { roles: readonly string[]; permissions: readonly string[] };
  errors?: ErrorCases;
}

const joined = (parts: Array<string | false | undefined>) => parts.filter((part): part is string => typeof part === 'string' && part !== '').join('; ');

/**
 * The standard error answers of a route, worded once for every area: 400 for a request that fails
 * its schema (every route checks one), 401 for the token and the role, 403 for another tenant and
 * a missing permission, 503 where the Idempotency-Key register may not answer, and the 404, 429
 * and 503 of the route's own cases.
 */
export function standardErrors(route: ErrorAnswering): Record<number, { description: string }> {
  const cases = route.errors ?? {};
  const roles = route.access?.roles ?? [];
  const permissions = route.access?.permissions ?? [];
  const answers: Record<number, { description: string }> = {
    400: {
      description: joined([
        'A path, query or body that fails its schema (ValidationMiddlewareError)',
        route.auth && 'an Authorization header that is not Bearer (AuthenticationMiddlewareError)',
        cases.invalid,
      ]),
    },
  };
  const unauthenticated = joined([
    route.auth && 'No token, or an invalid or expired one (AuthenticationMiddlewareError, TokenExpiredError)',
    route.auth && roles.length > 0 && `a role other than ${roles.join(' or ')} (RoleMiddlewareError)`,
    cases.unauthenticated,
  ]);
  if (unauthenticated) answers[401] = { description: unauthenticated };
  const forbidden = joined([
    cases.tenant && `${cases.tenant} of another tenant (AccessMiddlewareError)`,
    permissions.length > 0 && `a CUSTOMER whose subrole lacks ${permissions.join(' and ')} (PermissionMiddlewareError)`,
    cases.forbidden,
  ]);
  if (forbidden) answers[403] = { description: forbidden };
  if (cases.notFound) answers[404] = { description: cases.notFound };
  if (cases.tooMany) answers[429] = { description: `${cases.tooMany}; see Retry-After` };
  const unavailable = joined([
    cases.unavailable,
    route.idempotent && 'the register of Idempotency-Keys did not answer, so nothing was done (ServiceUnavailableError): retry with the same key',
  ]);
  if (unavailable) answers[503] = { description: unavailable };
  return answers;
}
