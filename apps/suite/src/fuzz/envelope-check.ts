import type { Answer } from './fuzz-request';

/** The closed set of `errorCode` values (libs/envelope ErrorCode; ARCHITECTURE.md "Everywhere"). */
const ERROR_CODES = new Set(['UNAUTHENTICATED', 'UNAUTHORIZED', 'NOT_FOUND', 'NOT_ALLOWED', 'INVALID', 'DUPLICATE', 'GONE', 'UNKNOWN_ERROR']);

/** What gives away the server's inside: a stack frame, a module path, SQL or driver text. */
const LEAKS = [/\bat \S+ \(\S+:\d+:\d+\)/, /node_modules/, /\/work\/|\/app\/dist\//, /\b(syntax error at or near|violates .* constraint|invalid input syntax for)\b/i];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Failure bodies the contract shows with another `data`: 7.1 row 5 (the feature switch is off:
 * `data` is empty) and 7.1 row 9 (row checks failed: `data` holds runId, failed_rows and result).
 */
function documentedData(message: string, data: Record<string, unknown>): boolean {
  if (message === 'This feature has not been enabled.') return Object.keys(data).length === 0;
  if (message === 'Bulk process had errors') return typeof data.runId === 'string' && isObject(data.failed_rows) && isObject(data.result);
  return false;
}

function failureProblem(status: number, body: Record<string, unknown>): string | undefined {
  const message = body.message;
  if (typeof message !== 'string' || message.trim() === '') return 'a failure without a message';
  // Contract 2.1: `fail` on failure; the one documented `error` is E5's business-of-another-customer sample.
  const errorSample = body.status === 'error' && status === 403 && message === 'This business was not onboarded by the current customer.';
  if (body.status !== 'fail' && !errorSample) return `a ${status} with envelope status ${JSON.stringify(body.status)}`;
  if (!('errorCode' in body)) return 'a failure without errorCode';
  if (body.errorCode !== null && !ERROR_CODES.has(body.errorCode as string)) return `errorCode ${JSON.stringify(body.errorCode)} is not one of the closed set`;
  if (!isObject(body.data)) return 'a failure whose data is not an object';
  const errorName = body.data.errorName;
  if ((typeof errorName !== 'string' || errorName === '') && !documentedData(message, body.data)) return 'a failure without data.errorName';
  return undefined;
}

/**
 * Why `answer` breaks the robustness contract, or undefined: never a 5xx, never a status other
 * than 2xx or 4xx, always the JSON envelope (2xx of an envelope route: status `success`, a
 * message, data; 4xx: status `fail`, a message, an errorCode of the closed set or null, data
 * with errorName), and nothing of the server's inside in the body.
 */
export function envelopeProblem(answer: Answer, envelopeRoute: boolean): string | undefined {
  const { status } = answer;
  if (status >= 500) return `a ${status}`;
  if (status < 200 || (status >= 300 && status < 400)) return `an unexpected ${status}`;
  const leak = LEAKS.find((pattern) => pattern.test(answer.text));
  if (leak) return `the body gives away the server's inside (${leak})`;
  if (status < 300 && !envelopeRoute) return undefined;
  if (!answer.contentType.startsWith('application/json')) return `a ${status} of Content-Type ${JSON.stringify(answer.contentType)}, not the JSON envelope`;
  if (!isObject(answer.json)) return `a ${status} whose body is not a JSON object`;
  const body = answer.json;
  if (status >= 400) return failureProblem(status, body);
  if (body.status !== 'success') return `a ${status} with envelope status ${JSON.stringify(body.status)}`;
  if (typeof body.message !== 'string' || body.message === '') return `a ${status} without a message`;
  if (!('data' in body) || body.data === undefined) return `a ${status} without data`;
  return undefined;
}
