import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RawJson, stringifyJson, ValidationError, withSortedKeys } from '@kyb/envelope';
import type { Logger } from '../logger';
import { IdempotencyAnswerErasedError, IdempotencyKeyInUseError, IdempotencyKeyReusedError, IdempotencyKeysUnavailableError } from './idempotency.errors';
import type { IdempotencyRegistry, RegistryClaim } from './idempotency.registry';
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

/**
 * A dry run (a route's validated query says `dry_run=true`) stores, queues and counts nothing, so
 * there is nothing to replay: it neither uses up nor checks a key, and the real request may then
 * take the key. Only a route whose query schema declares a boolean `dry_run` has the value `true`.
 */
function isDryRun(req: Request): boolean {
  return (req.query as { dry_run?: unknown } | undefined)?.dry_run === true;
}

/** What makes two requests the same request: method, path with its query, and the body (its objects' keys in any order). */
function fingerprintOf(req: Request): string {
  const hash = createHash('sha256').update(`${req.method} ${req.originalUrl}\n`);
  const body: unknown = req.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else if (typeof body === 'string') hash.update(body);
  else {
    try {
      hash.update(JSON.stringify(withSortedKeys(body ?? null)) ?? '');
    } catch (err) {
      // Nesting deeper than the stack (a hostile body): refused as input, never a 500.
      if (err instanceof RangeError) throw new ValidationError('body is nested too deeply');
      throw err;
    }
  }
  return hash.digest('base64url');
}

/**
 * Seals a kept answer at rest and opens it for a replay: with the data key of the tenant whose
 * key it is (`customer:<id>`), else the platform's (ADR 0023).
 */
export interface AnswerSeal {
  seal(scope: string, text: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

/** Options of {@link idempotencyGuard}. */
export interface IdempotencyGuardOptions {
  /** The area's own table of keys and answers. */
  store: IdempotencyStore;
  /** Which request each of a tenant's keys belongs to, across every area (one space of keys per tenant). */
  registry: IdempotencyRegistry;
  logger: Logger;
  /**
   * Seals the kept answers: an answer may hold personal data or a one-time link (a created user's
   * set-up URL), which must not lie in clear for a day. Areas whose answers hold none may go without.
   */
  seal?: AnswerSeal;
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
 * 409. A tenant's keys are one space across every area: the area's table holds its answers, and
 * `registry` which request a key belongs to, so the key used on any other route of any area
 * answers 422 too. An error answer (4xx or 5xx) did nothing and is not kept: it frees the key, so
 * the request can be retried with it (once a limit is lifted, say). A dry run neither uses nor
 * checks a key. Every answer depends on the caller's own keys only, so none tells anything of
 * another tenant.
 */
export function idempotencyGuard(options: IdempotencyGuardOptions): RequestHandler {
  const clock = options.clock ?? (() => new Date());
  const lockMs = options.lockMs ?? IDEMPOTENCY_LOCK_MS;
  const ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
  const { store, registry, logger, seal } = options;
  let nextPurge = 0;

  function purgeNow(now: Date): void {
    if (now.getTime() < nextPurge) return;
    nextPurge = now.getTime() + PURGE_EVERY_MS;
    store.purgeExpired(now).catch((err: unknown) => logger.warn({ err }, 'could not delete expired idempotency keys; the next request will try again'));
  }

  /**
   * Sends the answer the handler gives once it is stored (or the key freed, for an error answer).
   * A caller that went away meanwhile changes nothing: the request runs on and its answer is kept
   * for the retry (freeing the key then would let the retry run the request a second time).
   */
  function storeAnswer(res: Response, claim: RegistryClaim): void {
    const send = res.json;
    res.json = function storedJson(this: Response, body: unknown): Response {
      res.json = send;
      const text = stringifyJson(body) ?? 'null';
      const status = res.statusCode;
      const stored = status >= 400 ? release(claim) : (seal ? seal.seal(claim.scope, text) : Promise.resolve(text)).then((body) => store.complete(claim, { status, body }));
      void stored
        .catch((err: unknown) => logger.error({ err, status }, 'could not store the answer of an Idempotency-Key; a retry after the lock will run the request again'))
        .then(() => {
          if (!res.headersSent && !res.writableEnded) send.call(res, new RawJson(text));
        })
        .catch((err: unknown) => logger.error({ err }, 'could not send an answer after storing it'));
      return res;
    };
  }

  /**
   * Frees a claim in the area, then in the registry. A registry entry left behind (Redis did not
   * answer) only keeps the key for the same request until it expires: another request with the
   * key answers 422, never runs twice.
   */
  async function release(claim: RegistryClaim): Promise<void> {
    await store.release(claim);
    await registry
      .release(claim)
      .catch((err: unknown) => logger.warn({ err }, 'could not free an Idempotency-Key in the registry; it stays with its request until it expires'));
  }

  /**
   * Registers the area's new claim for the whole tenant. Held elsewhere (another route, body or
   * area): the claim is freed and the request answers 422. The registry does not answer: freed,
   * and 503 (nothing was done, the key stays free).
   */
  async function register(claim: RegistryClaim, now: Date): Promise<void> {
    let held: boolean;
    try {
      held = await registry.hold(claim, now, ttlMs);
    } catch (err) {
      await store.release(claim);
      throw new IdempotencyKeysUnavailableError(err);
    }
    if (held) return;
    await store.release(claim);
    throw new IdempotencyKeyReusedError();
  }

  return function idempotency(req: Request, res: Response, next: NextFunction): void {
    let asked: { key: string; fingerprint: string } | undefined;
    const scope = scopeOf(req);
    try {
      const key = keyOf(req);
      if (key !== undefined && scope !== undefined && !isDryRun(req)) asked = { key, fingerprint: fingerprintOf(req) };
    } catch (err) {
      return next(err);
    }
    if (!asked || scope === undefined) return next();
    const { key, fingerprint } = asked;
    const now = clock();
    purgeNow(now);
    store
      .claim({ scope, key, fingerprint, now, lockMs, ttlMs })
      .then(async (claim) => {
        if (claim.claimed) {
          const held: RegistryClaim = { scope, key, fingerprint, claimId: claim.claimId };
          await register(held, now);
          storeAnswer(res, held);
          return next();
        }
        const { record } = claim;
        if (record.fingerprint !== fingerprint) return next(new IdempotencyKeyReusedError());
        if (record.status === 'DONE' && record.responseBody === null) return next(new IdempotencyAnswerErasedError());
        if (record.status === 'RUNNING' || record.responseStatus === null || record.responseBody === null) return next(new IdempotencyKeyInUseError());
        const status = record.responseStatus;
        return (seal ? seal.open(record.responseBody) : Promise.resolve(record.responseBody)).then((body) => {
          res.status(status);
          res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.send(Buffer.from(body, 'utf8'));
        });
      })
      .catch(next);
  };
}
