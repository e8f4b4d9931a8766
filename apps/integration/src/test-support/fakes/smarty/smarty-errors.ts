/*
 * Smarty's error answers: the status codes and meanings of the US Street API's "Status codes and
 * results" (https://www.smarty.com/docs/cloud/us-street-api), in the body Smarty's SDKs read,
 * `{"errors":[{"message": ...}]}` (smartystreets-javascript-sdk `src/StatusCodeSender.ts`). 403 and
 * 500 are not listed for this API; their texts are the SDKs' generic ones.
 */
const MESSAGES: Record<number, string> = {
  400: 'Bad Request (Malformed Payload): A GET request lacked a street field or the request body of a POST request contained malformed JSON.',
  401: 'Unauthorized: The credentials were provided incorrectly or did not match any existing, active credentials.',
  402: 'Payment Required: There is no active subscription for the account associated with the credentials submitted with the request.',
  403: 'Forbidden: The request contained valid data and was understood by the server, but the server is refusing action.',
  413: 'Request Entity Too Large: The maximum size for a request body to this API is 16K (16,384 bytes).',
  422: 'Unprocessable Entity: GET request lacked required fields.',
  429: 'Too Many Requests: The rate limit for your account has been exceeded.',
  500: 'Internal Server Error.',
  504: 'Gateway Timeout: Our own upstream data provider did not respond in a timely fashion and the request failed. A serious, yet rare occurrence indeed.',
};

/** Smarty's error body for a status. */
export function smartyErrorBody(status: keyof typeof MESSAGES): { errors: Array<{ message: string }> } {
  return { errors: [{ message: MESSAGES[status] }] };
}
