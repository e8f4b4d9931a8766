import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RawJson, stringifyJson, ValidationError } from '@kyb/envelope';
import type { Logger } from '../logger';
import { IdempotencyKeyInUseError, IdempotencyKeyReusedError } from './idempotency.errors';
import type { IdempotencyStore } from './idempotency.store';

/** The request header, and the header a replayed answer carries (IETF draft `Idempotency-Key`). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/**
 * How long a claimed key waits for its request's answer before a retry of the same request may
 * run it again (its process stopped mid-request): longer than any request may take.
 */
export const IDEMPOTENCY_LOCK_MS = 5 * 60 * 1000;
/** How often a process deletes the expired keys of its area, at most. */
const PURGE_EVERY_MS = 10 * 60 * 1000;

/** A key as the header gives it: an sf-string (quoted) or bare, 1 to 255 visible ASCII characters. */
const KEY = /^[\x21\x23-\x7e]{1,255}$/;

/** The key of `req`, undefined without the header; a malformed key is refused. */
function keyOf(req: Request): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw.join(', ') : raw.trim();
  const key = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (!KEY.test(key)) throw new ValidationError(`headers.${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 visible ASCII characters (one key)`);
  return key;
}

/**
 * Whose keys these are: a customer's users share their tenant's keys (one tenant's key never
 * replays another's answer); an ADMIN's or applicant's keys are their own.
 */
function scopeOf(req: Request): string | undefined {
  const auth = req.auth;
  if (!auth) return undefined;
  return auth.role === 'CUSTOMER' && auth.customerId ? `customer:${auth.customerId}` : `${auth.role.toLowerCase()}:${auth.userId}`;
}

/** JSON with every object's keys sorted: the same body however its keys were ordered. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(object).sort().map((k) => [k, canonical(object[k])]));
}

/** What makes two requests the same request: method, path with its query, and the body. */
function fingerprintOf(req: Request): string {
  const hash = createHash('sha256').update(`${req.method} ${req.originalUrl}\n`);
  const body: unknown = req.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else hash.update(typeof body === 'string' ? body : (JSON.stringify(canonical(body ?? null)) ?? ''));
  return hash.digest('base64url');
}

/** Options of {@link idempotencyGuard}. */
export interface IdempotencyGuardOptions {
  store: IdempotencyStore;
  logger: Logger;
  clock?: () => Date;
  lockMs?: number;
  ttlMs?: number;
}

/**
 * `Idempotency-Key` on a route that creates or starts something. Run after the caller is known and
 * the request is valid, before the tenant and state checks and the handler: the first request with
 * a key runs and its answer (status and body) is stored for a day under the caller's scope; a
 * repeat of the same request gets that answer again with `Idempotent-Replayed: true` and does
 * nothing; the key with another request answers 422; a repeat while the first still runs answers
 * 409. An error answer (4xx or 5xx) did nothing and is not kept: it frees the key, so the request
 * can be retried with it (once a limit is lifted, say). Every answer depends on the caller's own
 * keys only, so none tells anything of another tenant.
 */
export function idempotencyGuard(options: IdempotencyGuardOptions): RequestHandler {
  const clock = options.clock ?? (() => new Date());
  const lockMs = options.lockMs ?? IDEMPOTENCY_LOCK_MS;
  const ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
  const { store, logger } = options;
  let nextPurge = 0;

  function purgeNow(now: Date): void {
    if (now.getTime() < nextPurge) return;
    nextPurge = now.getTime() + PURGE_EVERY_MS;
    store.purgeExpired(now).catch((err: unknown) => logger.warn({ err }, 'could not delete expired idempotency keys; the next request will try again'));
  }

  /** Sends the answer the handler gives once it is stored (or the key freed, for a server error). */
  function storeAnswer(res: Response, scope: string, key: string): void {
    const send = res.json;
    let settled = false;
    res.json = function storedJson(this: Response, body: unknown): Response {
      res.json = send;
      settled = true;
      const text = stringifyJson(body) ?? 'null';
      const status = res.statusCode;
      const stored = status >= 400 ? store.release({ scope, key }) : store.complete({ scope, key, status, body: text });
      void stored
        .catch((err: unknown) => logger.error({ err, status }, 'could not store the answer of an Idempotency-Key; a retry after the lock will run the request again'))
        .finally(() => send.call(res, new RawJson(text)));
      return res;
    };
    // An answer that never went through res.json (the connection closed first): the key is freed.
    res.on('close', () => {
      if (!settled) store.release({ scope, key }).catch((err: unknown) => logger.warn({ err }, 'could not free an Idempotency-Key'));
    });
  }

  return function idempotency(req: Request, res: Response, next: NextFunction): void {
    let key: string | undefined;
    try {
      key = keyOf(req);
    } catch (err) {
      return next(err);
    }
    const scope = scopeOf(req);
    if (key === undefined || scope === undefined) return next();
    const now = clock();
    purgeNow(now);
    const fingerprint = fingerprintOf(req);
    store
      .claim({ scope, key, fingerprint, now, lockMs, ttlMs })
      .then((claim) => {
        if (claim.claimed) {
          storeAnswer(res, scope, key);
          return next();
        }
        const { record } = claim;
        if (record.fingerprint !== fingerprint) return next(new IdempotencyKeyReusedError());
        if (record.status === 'RUNNING' || record.responseStatus === null || record.responseBody === null) return next(new IdempotencyKeyInUseError());
        res.status(record.responseStatus);
        res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.send(Buffer.from(record.responseBody, 'utf8'));
      })
      .catch(next);
  };
}
