import type { KeyObject } from 'node:crypto';
import jwt, { type Algorithm } from 'jsonwebtoken';
import { InvalidTokenError, SessionExpiredError } from './errors';
import { ROLES, type AuthContext, type SuiteClaims } from './claims';
import type { KeySource } from './keys';
import type { SessionRevocations } from './session-revocations';
import { createVerifiedTokenCache, type VerifiedToken, type VerifiedTokenCache } from './verified-tokens';

const ASYMMETRIC: readonly string[] = ['ES256', 'ES384', 'RS256', 'PS256'];

/** Verifies bearer tokens; the only thing apps other than auth need to trust a caller. */
export interface TokenVerifier {
  verify(token: string): Promise<AuthContext>;
}

/** Options of {@link createTokenVerifier}. */
export interface TokenVerifierOptions {
  keys: KeySource;
  issuer: string;
  /** The `aud` a token must carry: tokens meant for something else are refused. */
  audience: string;
  /** Where ended sessions are looked up: a token of a revoked session gives 'User Session Expired'. */
  revocations: SessionRevocations;
  /** Seconds since the epoch; injected by tests that need to cross an expiry. */
  nowSeconds?: () => number;
  /**
   * Where tokens that passed verification are kept, so a token used again is not verified by its
   * signature again (default: up to 10,000 tokens; `createVerifiedTokenCache(0)` keeps none).
   */
  verified?: VerifiedTokenCache;
}

function toContext(payload: jwt.JwtPayload): AuthContext {
  const claims = payload as jwt.JwtPayload & Partial<SuiteClaims>;
  if (typeof claims.sub !== 'string' || !claims.role || !ROLES.includes(claims.role)) {
    throw new InvalidTokenError(new Error('token lacks subject or role'));
  }
  if (claims.token_use !== 'id' && claims.token_use !== 'access') {
    throw new InvalidTokenError(new Error('token is neither an id nor an access token'));
  }
  if (typeof claims.sid !== 'string' || claims.sid === '') throw new InvalidTokenError(new Error('token names no session'));
  // Frozen: a kept token's context is handed to every request that presents the token.
  return Object.freeze({
    userId: claims.sub,
    role: claims.role,
    customerId: claims.customer_id ?? null,
    subrole: claims.subrole ?? null,
    permissions: new Set(Array.isArray(claims.permissions) ? claims.permissions : []),
    tokenUse: claims.token_use,
    businessIds: Object.freeze(Array.isArray(claims.business_ids) ? [...claims.business_ids] : []),
    sessionId: claims.sid,
  });
}

/**
 * Verifies signature (asymmetric algorithms only, the key chosen by `kid`), issuer, audience,
 * expiry and session. An expired but genuine token, or one of a revoked session, gives 'User
 * Session Expired'; anything else wrong gives 'Invalid token'.
 *
 * A token that passed is kept (by its exact text) with the key that verified it, so its signature
 * is checked once: the ES256 verification was the largest single cost of a read. Every use still
 * checks what can change: the time against its `exp` (and `nbf`), that the key source still gives
 * the very key that verified it (a key rotated out or fetched anew means a full verification), and
 * the session, so an ended session is refused at once as before.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const verified = options.verified ?? createVerifiedTokenCache();
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  async function known(token: string, entry: VerifiedToken, now: number): Promise<AuthContext | undefined> {
    if (now >= entry.expiresAt) {
      verified.delete(token);
      throw new SessionExpiredError();
    }
    if (entry.notBefore !== undefined && entry.notBefore > now) throw new InvalidTokenError(new Error('token not valid yet'));
    const current = await options.keys.getKey(entry.kid, entry.alg);
    if (current?.key !== entry.key) {
      verified.delete(token);
      return undefined;
    }
    return entry.context;
  }

  async function verifySignature(token: string, now: number): Promise<AuthContext> {
    const decoded = jwt.decode(token, { complete: true });
    const kid = decoded?.header.kid;
    if (!decoded || typeof kid !== 'string' || !ASYMMETRIC.includes(decoded.header.alg)) {
      throw new InvalidTokenError(new Error('malformed token or unsupported algorithm'));
    }
    const entry = await options.keys.getKey(kid, decoded.header.alg);
    if (!entry) throw new InvalidTokenError(new Error(`unknown key ${kid}`));
    try {
      const payload = jwt.verify(token, entry.key, {
        algorithms: [entry.alg as Algorithm],
        issuer: options.issuer,
        audience: options.audience,
        clockTimestamp: now,
      });
      if (typeof payload === 'string') throw new Error('token payload is not an object');
      const context = toContext(payload);
      // A token without an expiry is accepted (jsonwebtoken's rule) but never kept.
      if (typeof payload.exp === 'number') {
        verified.set(token, {
          context,
          kid,
          alg: decoded.header.alg,
          key: entry.key,
          expiresAt: payload.exp,
          ...(typeof payload.nbf === 'number' ? { notBefore: payload.nbf } : {}),
        });
      }
      return context;
    } catch (err) {
      if (err instanceof jwt.TokenExpiredError) throw new SessionExpiredError();
      if (err instanceof InvalidTokenError) throw err;
      throw new InvalidTokenError(err);
    }
  }

  return {
    async verify(token) {
      const now = nowSeconds();
      const entry = verified.get(token);
      const context = (entry && (await known(token, entry, now))) ?? (await verifySignature(token, now));
      if (await options.revocations.isRevoked(context.sessionId)) throw new SessionExpiredError();
      return context;
    },
  };
}

/** A private signing key with its id and algorithm. */
export interface SigningKey {
  kid: string;
  alg: 'ES256' | 'RS256';
  privateKey: KeyObject;
}

/** Options of {@link createTokenSigner}. */
export interface TokenSignerOptions {
  issuer: string;
  /** The `aud` of every token (`TOKEN_AUDIENCE`). */
  audience: string;
  ttlSeconds: number;
  nowSeconds?: () => number;
}

/** Signs the id and access tokens of a user with the given key. */
export function createTokenSigner(options: TokenSignerOptions) {
  return {
    /** Both bearer tokens for one subject and session, with the same claims and lifetime. */
    sign(key: SigningKey, subject: string, claims: Omit<SuiteClaims, 'token_use'>): { id_token: string; access_token: string } {
      const iat = options.nowSeconds?.() ?? Math.floor(Date.now() / 1000);
      const signOne = (tokenUse: SuiteClaims['token_use']) =>
        jwt.sign({ ...claims, token_use: tokenUse, iat, exp: iat + options.ttlSeconds }, key.privateKey, {
          algorithm: key.alg,
          keyid: key.kid,
          issuer: options.issuer,
          audience: options.audience,
          subject,
        });
      return { id_token: signOne('id'), access_token: signOne('access') };
    },
  };
}

/** The signer type, for injection. */
export type TokenSigner = ReturnType<typeof createTokenSigner>;
