import { createHmac, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { requireRole } from '@kyb/auth';
import { AppError, toAppError } from '@kyb/envelope';

/**
 * Checks a platform admin's email and password (the auth area's admin sign-in check), counting the
 * guess against the client address's sign-in budget: the one `/admin/sign-in` spends, so guesses
 * on either path come out of one budget per address. Throws (e.g. 429) when the budget is spent.
 */
export type VerifyAdminPassword = (email: string, password: string, clientAddress: string) => Promise<boolean>;

/** 401 `UNAUTHENTICATED` for HTTP Basic credentials that are malformed or not an admin's. */
export class InvalidAdminCredentialsError extends AppError {
  constructor() {
    super({
      message: 'Incorrect username or password.',
      httpStatus: 401,
      errorCode: 'UNAUTHENTICATED',
      errorName: 'AuthenticationMiddlewareError',
    });
  }
}

/** Options of {@link requireAdmin}. */
export interface AdminGuardOptions {
  /** The area's bearer authentication (`authenticate(verifier)` or `authenticateWith(...)` of `@kyb/auth`). */
  authenticate: RequestHandler;
  /** Enables HTTP Basic with the admin's email and password; without it only bearer tokens pass. */
  verifyAdminPassword?: VerifyAdminPassword;
  /** Realm of the `WWW-Authenticate` challenge. */
  realm: string;
  /**
   * How long a verified Basic credential is remembered in this process (default 60 s; 0: never),
   * so a dashboard that polls does not pay a password hash per request.
   */
  basicCacheSeconds?: number;
  /** Clock for the cache (tests). */
  now?: () => number;
}

const adminOnly = requireRole('ADMIN');

/**
 * Lets only a platform ADMIN through: `Authorization: Bearer <token>` verified by
 * `options.authenticate` with an ADMIN role, or, when `verifyAdminPassword` is given,
 * `Authorization: Basic` with the admin's email and password. Refusals are the envelope errors
 * of `@kyb/auth` (or {@link InvalidAdminCredentialsError}); every 401 carries a
 * `WWW-Authenticate` challenge (Basic when enabled, so a browser asks for the password).
 */
export function requireAdmin(options: AdminGuardOptions): RequestHandler {
  const scheme = options.verifyAdminPassword ? 'Basic' : 'Bearer';
  const challenge = `${scheme} realm="${options.realm.replace(/["\\]/g, '')}"`;
  const basic = options.verifyAdminPassword ? basicChecker(options.verifyAdminPassword, options) : undefined;

  return async (req, res, next) => {
    try {
      const header = req.headers.authorization?.trim() ?? '';
      if (basic && /^basic(\s|$)/i.test(header)) {
        await basic(header.slice(5).trim(), clientAddressOf(req));
      } else {
        await run(options.authenticate, req, res);
        await run(adminOnly, req, res);
      }
    } catch (err) {
      if (toAppError(err).httpStatus === 401) res.setHeader('WWW-Authenticate', challenge);
      throw err;
    }
    next();
  };
}

/** The client address sign-in limits count by (the forwarded one where the app trusts its proxy), as the auth area reads it. */
const clientAddressOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Verifies a Basic credential, remembering successes for a while under a keyed digest. */
function basicChecker(verify: VerifyAdminPassword, options: AdminGuardOptions): (encoded: string, clientAddress: string) => Promise<void> {
  const ttlMs = (options.basicCacheSeconds ?? 60) * 1000;
  const now = options.now ?? Date.now;
  const key = randomBytes(32);
  const verified = new Map<string, number>();

  return async (encoded, clientAddress) => {
    const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const email = colon > 0 ? decoded.slice(0, colon).trim() : '';
    const password = colon > 0 ? decoded.slice(colon + 1) : '';
    if (!email || !password) throw new InvalidAdminCredentialsError();

    const digest = createHmac('sha256', key).update(email).update('\0').update(password).digest('base64');
    const until = verified.get(digest);
    if (until !== undefined && until > now()) return;
    verified.delete(digest);
    if (!(await verify(email, password, clientAddress))) throw new InvalidAdminCredentialsError();
    if (ttlMs > 0) {
      if (verified.size >= 100) verified.clear();
      verified.set(digest, now() + ttlMs);
    }
  };
}

/** Runs one middleware to its `next()`, turning a thrown or passed error into a rejection. */
function run(handler: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    try {
      const result: unknown = handler(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
      if (result instanceof Promise) result.catch(reject);
    } catch (err) {
      reject(err);
    }
  });
}
