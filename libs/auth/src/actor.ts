import type { Request } from 'express';
import type { AuthContext } from './claims';
import { callerOf } from './middleware';

/**
 * Where a request came from: its id (the `X-Request-Id` answered) and the client's address (the
 * gateway's forwarded one where trusted). What an audit entry records of a request nobody signed
 * (a refused sign-in, a signed download link).
 */
export interface RequestOrigin {
  requestId: string | null;
  clientAddress: string | null;
}

/**
 * Who acts, and from where: the caller its token vouches for (user, role, customer, permissions)
 * with the request's origin. Routers build it from the request; services take it, so a service can
 * be called from a worker, a CLI or a test without HTTP.
 */
export interface Actor extends AuthContext, RequestOrigin {}

/** The origin of a request. */
export function originOf(req: Request): RequestOrigin {
  const requestId = (req as Request & { id?: unknown }).id;
  return {
    requestId: typeof requestId === 'string' ? requestId : null,
    clientAddress: req.ip ?? req.socket.remoteAddress ?? null,
  };
}

/** The actor of an authenticated request; throws if the route forgot authentication. */
export function actorOf(req: Request): Actor {
  return { ...callerOf(req), ...originOf(req) };
}
