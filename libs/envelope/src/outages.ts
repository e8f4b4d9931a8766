/** PostgreSQL classes that pass: connection (08), rollback (40: serialization, deadlock), resources (53), operator (57), lock (55P03), system (58). */
const TRANSIENT_SQLSTATE = /^(08|40|53|57|55P03|58)/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What pg, knex and ioredis say when the connection, not the request, failed. */
const OUTAGE_MESSAGE = /Connection terminated|Client has encountered a connection error|Connection is closed|Stream isn't writeable|Reached the max retries per request limit/i;

/**
 * Whether `err` is an outage of PostgreSQL, Redis or the network (a dropped connection, a pool
 * that cannot connect, a deadlock or serialization failure), which the same request may not meet
 * a moment later, rather than something about the request. Requests answer such errors with a
 * retryable 503; workers retry them.
 */
export function isOutage(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || (code.length === 5 && TRANSIENT_SQLSTATE.test(code)))) return true;
  return err.name === 'KnexTimeoutError' || err.name === 'MaxRetriesPerRequestError' || OUTAGE_MESSAGE.test(err.message);
}
