import type { Setting } from '@kyb/config';

/** A credential's rate limit with its vendor: a sustained rate and the calls that may go at once. */
export interface VendorRateLimit {
  perMinute: number;
  burst: number;
}

/**
 * Each adapter's default limit per credential. Our bucket counts HTTP calls of one guarded attempt
 * (a Cobalt lookup's `retryId` polls go inside it). Where a vendor publishes a number we stay under
 * it; where it publishes none we chose a conservative rate, said below; `PROVIDER_RATE_LIMITS`
 * changes any of them for a deployment whose plans allow more. A vendor's own 429 still pauses the
 * bucket for its `Retry-After` whatever the limit.
 */
export const VENDOR_RATE_LIMITS: Readonly<Record<string, VendorRateLimit>> = {
  // Smarty throttles a whole license once its lookups per second pass the plan's allowance, with a
  // 429 and Retry-After (https://www.smarty.com/docs/account/key-management-faq: "a subscription
  // rate limit always takes precedence", its example 25,000 lookups per second); no per-key figure
  // is published for secret keys. 10 calls a second (up to 100 lookups each) is far below any plan.
  smarty: { perMinute: 600, burst: 20 },
  // OpenCorporates limits calls per day and per month by account plan (calls left: the
  // `account_status` call, https://api.opencorporates.com/documentation/FAQs); it publishes no
  // per-second rate. One call a second keeps a burst of checks from spending a day's quota at once.
  opencorporates: { perMinute: 60, burst: 5 },
  // Cobalt Intelligence queues normal bursts of 5 to 50+ requests and answers 429 only to extreme
  // spikes, hundreds or thousands in a second (help.cobaltintelligence.com, "burst traffic
  // throttling"); a live lookup takes 7 s to 2 min. We keep to the low end: 5 at once, 1 a second.
  cobalt: { perMinute: 60, burst: 5 },
  // Compliancely publishes no request rate for TIN match, only a credit limit ("Credit limit
  // reached!", https://apideveloper.compliancely.com/reference/api_v1_submissions_create): our
  // conservative default, 1 a second, 5 at once.
  compliancely: { perMinute: 60, burst: 5 },
  // Mastercard publishes no rate for MATCH Pro's termination inquiries
  // (https://developer.mastercard.com/match/documentation/): the same conservative default.
  'match-pro': { perMinute: 60, burst: 5 },
  // OpenSanctions publishes no request rate, only a monthly quota per key ("rejected with a 429
  // HTTP status code until the beginning of the next month",
  // https://www.opensanctions.org/faq/154/api-usage-limits-optimization); a call carries up to 100
  // queries, each billed. The same conservative default.
  opensanctions: { perMinute: 60, burst: 5 },
};

const ENTRY = /^([a-z][a-z0-9-]*)=(\d+)\/(\d+)$/;

/** Reads `adapter=perMinute/burst,...`; every adapter must be one with a default, every number at least 1. */
export function parseRateLimits(raw: string): Record<string, VendorRateLimit> {
  const limits: Record<string, VendorRateLimit> = {};
  for (const entry of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = ENTRY.exec(entry);
    if (!match) throw new Error(`must be adapter=calls-per-minute/burst entries separated by commas (for example smarty=600/20), got "${entry}"`);
    const [, adapter, perMinute, burst] = match;
    if (!(adapter in VENDOR_RATE_LIMITS)) throw new Error(`names an adapter without a rate limit: "${adapter}" (one of ${Object.keys(VENDOR_RATE_LIMITS).join(', ')})`);
    if (Number(perMinute) < 1 || Number(burst) < 1) throw new Error(`needs at least 1 call a minute and a burst of at least 1, got "${entry}"`);
    limits[adapter] = { perMinute: Number(perMinute), burst: Number(burst) };
  }
  return limits;
}

/** `PROVIDER_RATE_LIMITS`: the adapters whose limit a deployment changes (the others keep their defaults). */
export const providerRateLimitsSetting: Setting<Record<string, VendorRateLimit>> = {
  description:
    'rate limits per vendor credential that replace the defaults (docs/guides/real-providers.md), as adapter=calls-per-minute/burst, comma-separated, e.g. smarty=1200/40; unset: the defaults',
  fallback: {},
  parse: parseRateLimits,
};
