import type { FakeAnswer } from '../../fake-vendor';

/*
 * What Cobalt's gateway answers before a search runs. Cobalt documents that a key is sent as
 * `x-api-key`, that bursts are throttled with HTTP 429 (help.cobaltintelligence.com/article/
 * burst-traffic-throttling) and, in its CLI, that 401/403 mean a refused key and 5xx a failure;
 * it does not publish these bodies. Its host (`apigateway.`, a `/v1` stage, `x-api-key`) is an
 * Amazon API Gateway, so the bodies are that gateway's default responses
 * (docs.aws.amazon.com/apigateway/latest/developerguide/supported-gateway-response-types.html and
 * api-gateway-usage-plan-test-with-postman.html: a missing or wrong key is 403 Forbidden).
 */
export const COBALT_GATEWAY_ANSWERS = {
  /** INVALID_API_KEY: the key is missing or not one of Cobalt's. */
  forbidden: { status: 403, body: { message: 'Forbidden' } },
  /** MISSING_AUTHENTICATION_TOKEN: a path or method the gateway does not have. */
  missingAuthenticationToken: { status: 403, body: { message: 'Missing Authentication Token' } },
  /** UNAUTHORIZED: Cobalt's CLI reads a 401 as a refused key too. */
  unauthorized: { status: 401, body: { message: 'Unauthorized' } },
  /** THROTTLED: a burst of requests. */
  throttled: { status: 429, body: { message: 'Too Many Requests' } },
  /** QUOTA_EXCEEDED: the key's usage plan quota is spent. */
  quotaExceeded: { status: 429, body: { message: 'Limit Exceeded' } },
  /** DEFAULT_5XX: the search function failed. */
  internalError: { status: 500, body: { message: 'Internal server error' } },
  /** INTEGRATION_TIMEOUT: the search function did not answer in time. */
  gatewayTimeout: { status: 504, body: { message: 'Endpoint request timed out' } },
} as const satisfies Record<string, FakeAnswer>;
