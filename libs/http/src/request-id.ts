import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request id: always one of our own (a new UUID), so our logs cannot be forged or collided by
 * a caller. It is sent back in `X-Request-Id`. The caller's id is logged beside it
 * ({@link clientRequestIdOf}).
 */
export function assignRequestId(_req: IncomingMessage, res: ServerResponse): string {
  const id = randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** The caller's `X-Request-Id` (the gateway's, or a client's) when it is a safe token; logged as `clientRequestId`. */
export function clientRequestIdOf(req: IncomingMessage): string | undefined {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : undefined;
}
