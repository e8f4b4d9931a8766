import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '@kyb/envelope';
import type { Redis } from '@kyb/queues';
import { hashToken } from '@kyb/secrets';

/** Redis keys carry a hash of the email, not the address itself. */
const emailKey = (email: string) => hashToken(email.toLowerCase());
const pairKey = (email: string, address: string) => hashToken(`${email.toLowerCase()}\u0000${address}`);

/** How much an attempt past the per-email ceiling waits: one second more for each, at most ten. */
const SLOWDOWN_STEP_MS = 1000;
const SLOWDOWN_MAX_MS = 10_000;

/** Options of {@link createSignInLimiter}. */
export interface SignInLimiterOptions {
  redis: Redis;
  /** Key prefix in Redis (tests give each file its own). */
  keyPrefix: string;
  /** Attempts one client address may make for one email per window; then 429. */
  attemptsPerEmail: number;
  /** Attempts one client address may make per window, whatever the emails; then 429. */
  attemptsPerAddress: number;
  /** Attempts for one email from all addresses per window before each further one is slowed down (never refused). */
  slowdownAfterPerEmail: number;
  windowSeconds: number;
  /** Waits (tests record the waits instead). */
  sleep?: (ms: number) => Promise<void>;
}

function limiter(options: SignInLimiterOptions, name: string, points: number) {
  const settings = { points, duration: options.windowSeconds, keyPrefix: `${options.keyPrefix}:sign-in:${name}` };
  // If Redis is unreachable, each pod limits on its own rather than failing sign-in.
  return new RateLimiterRedis({ ...settings, storeClient: options.redis, insuranceLimiter: new RateLimiterMemory(settings) });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Counts sign-in attempts in Redis without letting anyone lock a victim out:
 * - per email and client address: past the limit that address gets 429 for that email (the
 *   owner, from their own address, still gets in);
 * - per client address, across emails (password spraying): 429; a successful sign-in gives its
 *   attempt back, so successes never count against an address;
 * - per email across addresses: past a ceiling each attempt is slowed down, never refused.
 * A 429 carries `Retry-After` and the draft IETF `RateLimit-*` headers. A successful sign-in clears
 * the email's counts.
 */
export function createSignInLimiter(options: SignInLimiterOptions) {
  const perPair = limiter(options, 'email-address', options.attemptsPerEmail);
  const perAddress = limiter(options, 'address', options.attemptsPerAddress);
  const perEmail = limiter(options, 'email', options.slowdownAfterPerEmail);
  const sleep = options.sleep ?? wait;

  const refuse = (rejection: RateLimiterRes, limit: number) =>
    new TooManyRequestsError('Too many sign-in attempts. Please try again later.', rejection.msBeforeNext / 1000, {
      limit,
      windowSeconds: options.windowSeconds,
    });

  /** Consumes one point; answers how far past the limit the key is (0 within it). */
  async function overBy(counter: RateLimiterRedis, key: string): Promise<{ over: number; rejection?: RateLimiterRes }> {
    try {
      await counter.consume(key);
      return { over: 0 };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { over: rejection.consumedPoints - counter.points, rejection };
    }
  }

  return {
    /** Counts one attempt; throws {@link TooManyRequestsError} past a limit; waits past the per-email ceiling. */
    async attempt(email: string, address: string): Promise<void> {
      const [pair, fromAddress, forEmail] = await Promise.all([
        overBy(perPair, pairKey(email, address)),
        overBy(perAddress, address),
        overBy(perEmail, emailKey(email)),
      ]);
      if (fromAddress.rejection) throw refuse(fromAddress.rejection, options.attemptsPerAddress);
      if (pair.rejection) throw refuse(pair.rejection, options.attemptsPerEmail);
      if (forEmail.over > 0) await sleep(Math.min(forEmail.over * SLOWDOWN_STEP_MS, SLOWDOWN_MAX_MS));
    },
    /** After a successful sign-in: forgets the email's failed attempts and gives the address its attempt back. */
    async succeeded(email: string, address: string): Promise<void> {
      await Promise.all([perPair.delete(pairKey(email, address)), perEmail.delete(emailKey(email)), perAddress.reward(address, 1)]);
    },
  };
}

/** The limiter type, for injection. */
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
