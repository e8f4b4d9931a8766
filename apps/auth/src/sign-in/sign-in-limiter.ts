import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '@kyb/envelope';
import type { Redis } from '@kyb/queues';
import { hashToken } from '@kyb/secrets';

/** Redis keys carry a hash of the email, not the address itself. */
const emailKey = (email: string) => hashToken(email.toLowerCase());

/** Options of {@link createSignInLimiter}. */
export interface SignInLimiterOptions {
  redis: Redis;
  /** Key prefix in Redis (tests give each file its own). */
  keyPrefix: string;
  attemptsPerEmail: number;
  attemptsPerAddress: number;
  windowSeconds: number;
}

function limiter(options: SignInLimiterOptions, name: string, points: number) {
  const settings = { points, duration: options.windowSeconds, keyPrefix: `${options.keyPrefix}:sign-in:${name}` };
  // If Redis is unreachable, each pod limits on its own rather than failing sign-in.
  return new RateLimiterRedis({ ...settings, storeClient: options.redis, insuranceLimiter: new RateLimiterMemory(settings) });
}

/**
 * Counts sign-in attempts per email and per client address in Redis. Past either limit the
 * caller gets 429 with `Retry-After`; a successful sign-in clears the email's count.
 */
export function createSignInLimiter(options: SignInLimiterOptions) {
  const perEmail = limiter(options, 'email', options.attemptsPerEmail);
  const perAddress = limiter(options, 'address', options.attemptsPerAddress);

  return {
    /** Counts one attempt; throws {@link TooManyRequestsError} when a limit is passed. */
    async attempt(email: string, address: string): Promise<void> {
      try {
        await Promise.all([perEmail.consume(emailKey(email)), perAddress.consume(address)]);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new TooManyRequestsError('Too many sign-in attempts. Please try again later.', rejection.msBeforeNext / 1000);
        }
        throw rejection;
      }
    },
    /** Forgets the failed attempts of an email after it signed in. */
    async succeeded(email: string): Promise<void> {
      await perEmail.delete(emailKey(email));
    },
  };
}

/** The limiter type, for injection. */
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
