import type { BusinessProfile } from './business-profile';
import { ProviderError } from './providers.errors';
import {
  BJL_STATUSES,
  type BjlKind,
  type BjlRecord,
  type ComplaintResolutions,
  type CorporateFiling,
  type ProviderPublicRecords,
  type PublicRecordsProvider,
} from './public-records.provider';
import { deterioratingLiens } from './sandbox-deteriorating';
import { createSeededRandom, sha256Hex, type SeededRandom } from './seeded-random';

/**
 * Words that steer the sandbox when a word of a business's name starts with them,
 * case-insensitively (so "Acme Liens LLC" triggers `lien`, "Client Co" does not). Several combine.
 * `deteriorating` is read anywhere in the name, case-insensitively.
 */
export const SANDBOX_TRIGGERS = {
  bankrupt: '1 to 2 bankruptcies, the most recent one open, without amounts.',
  lien: '2 to 4 business liens, at least one active and one released, each with an amount in USD.',
  judgement: '1 to 3 judgements, at least one active, each with an amount in USD.',
  judgment: 'Same as judgement (the other spelling).',
  clean: 'A spotless record: no bankruptcies, liens, judgements or complaints and high ratings; overrides bankrupt, lien and judgement.',
  outage: 'Every call fails with a transient provider error (retried with backoff, then the task fails).',
  refused: 'Every call fails with a permanent provider error (the task fails at once).',
  flaky: 'The first call for a business fails with a transient provider error; later calls succeed.',
  deteriorating:
    'Anywhere in the name: one more active lien on each enrichment (the n-th has n, ids <business id>-deteriorating-1..n), for monitoring; added to the other triggers, overridden by clean.',
} as const;

/** A word of {@link SANDBOX_TRIGGERS}. */
export type SandboxTrigger = keyof typeof SANDBOX_TRIGGERS;

/**
 * The sandbox's fixed "today". Generated dates count back from it rather than from the clock,
 * so a business's records are the same on every run, in every test and next month too.
 */
export const SANDBOX_REFERENCE_DATE = '2026-10-01T00:00:00.000Z';

/** Options of {@link createSandboxPublicRecordsProvider}. */
export interface SandboxPublicRecordsOptions {
  /**
   * For `deteriorating` businesses: how many enrichments of the business succeeded before this
   * one (the area counts its SUCCEEDED tasks, so every worker agrees). Default: the calls this
   * provider instance answered for the business.
   */
  enrichmentsSoFar?: (businessId: string) => Promise<number>;
  /** For `flaky` businesses: how many calls per business id fail before one succeeds (default 1). */
  failuresBeforeSuccess?: number;
  /** Replaces {@link SANDBOX_REFERENCE_DATE} as the date generated dates count back from. */
  referenceDate?: Date;
}

const DAY_MS = 86_400_000;
const US_STATES = ['DE', 'CA', 'TX', 'FL', 'NY', 'WA', 'IL', 'GA', 'NV', 'CO', 'MA', 'NC', 'AZ', 'OH'] as const;
const CORPORATION_TYPES = ['Limited Liability Company', 'Limited Liability Company', 'Corporation', 'S Corporation'] as const;
const REVIEW_SITES = ['Google', 'Yelp', 'Facebook', 'BBB', 'Trustpilot'] as const;
const RESOLUTION_WEIGHTS: ReadonlyArray<readonly [keyof ComplaintResolutions, number]> = [
  ['resolved', 45],
  ['answered', 25],
  ['unresolved', 12],
  ['unanswered', 10],
  ['other', 8],
];

/** The trigger read anywhere in a name rather than at the start of a word. */
const ANYWHERE: SandboxTrigger = 'deteriorating';

function triggersIn(name: string): Set<SandboxTrigger> {
  const lower = name.toLowerCase();
  const words = lower.split(/[^a-z0-9]+/);
  const found = (trigger: SandboxTrigger) => (trigger === ANYWHERE ? lower.includes(trigger) : words.some((word) => word.startsWith(trigger)));
  return new Set((Object.keys(SANDBOX_TRIGGERS) as SandboxTrigger[]).filter(found));
}

function daysBefore(reference: Date, days: number): string {
  return new Date(reference.getTime() - days * DAY_MS).toISOString();
}

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

function websiteFor(business: BusinessProfile, seed: string): string {
  const given = business.officialWebsite?.trim();
  if (given) return given;
  const slug = business.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `https://www.${slug || `business-${seed.slice(0, 8)}`}.com`;
}

function corporateFilingFor(business: BusinessProfile, r: SeededRandom, reference: Date, ageDays: number): CorporateFiling {
  const domestic = r.chance(0.85);
  return {
    businessName: business.name,
    filingDate: daysBefore(reference, ageDays),
    incorporationState: business.addressState?.trim() || r.pick(US_STATES),
    corporationType: r.pick(CORPORATION_TYPES),
    registrationType: domestic ? 'Domestic' : 'Foreign',
    secretaryOfStateStatus: 'Active',
    // The last annual report: within the past year, and after the business was formed.
    secretaryOfStateStatusDate: daysBefore(reference, r.int(1, Math.min(365, ageDays - 1))),
  };
}

/** Splits `total` reviews over 1..5 stars around `peak`, exactly (largest remainders), so the counts always sum to `total`. */
function spreadStars(total: number, peak: number, spread: number): number[] {
  const weights = [1, 2, 3, 4, 5].map((star) => Math.exp(-((star - peak) ** 2) / (2 * spread ** 2)));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const exact = weights.map((weight) => (total * weight) / weightSum);
  const counts = exact.map(Math.floor);
  const byRemainder = exact.map((value, i) => [value - Math.floor(value), i] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  let left = total - counts.reduce((sum, count) => sum + count, 0);
  for (const [, i] of byRemainder) {
    if (left === 0) break;
    counts[i] += 1;
    left -= 1;
  }
  return counts;
}

type ReviewFacts = Pick<ProviderPublicRecords, 'reviewSources' | 'ratingCounts' | 'reviewers' | 'reviewsWithAlertWords' | 'monthlyRating'>;

function reviewsFor(r: SeededRandom, clean: boolean): ReviewFacts {
  const sites = r.shuffle(REVIEW_SITES).slice(0, r.int(2, 4));
  const reviewSources = sites.map((source, i) => ({ source, count: r.int(5, i === 0 ? 800 : 250) }));
  const total = reviewSources.reduce((sum, site) => sum + site.count, 0);
  const [oneOrZero, two, three, four, five] = clean ? spreadStars(total, r.between(4.8, 5.3), 0.7) : spreadStars(total, r.between(2.6, 4.9), 1.3);
  const mean = (oneOrZero + 2 * two + 3 * three + 4 * four + 5 * five) / total;
  // Each duplicate reviewer wrote at least two reviews, so duplicates never exceed the extra reviews.
  const extraReviews = r.int(0, Math.floor(total * 0.08));
  const duplicate = extraReviews === 0 ? 0 : r.int(1, extraReviews);
  return {
    reviewSources,
    ratingCounts: { oneOrZero, two, three, four, five },
    reviewers: { total: total - extraReviews, duplicate },
    // Alert words ("scam", "fraud") turn up in the unhappy reviews.
    reviewsWithAlertWords: clean ? 0 : r.int(0, oneOrZero + two),
    monthlyRating: cents(Math.min(5, Math.max(1, mean + r.between(-0.3, 0.3)))),
  };
}

function complaintsFor(r: SeededRandom, clean: boolean): ProviderPublicRecords['complaints'] {
  const resolutions: ComplaintResolutions = { answered: 0, resolved: 0, unanswered: 0, unresolved: 0, other: 0 };
  if (clean) return { cfpb: 0, ftc: 0, withAlertWords: 0, resolutions };
  const cfpb = r.int(0, 12);
  const ftc = r.int(0, 5);
  for (let i = 0; i < cfpb + ftc; i += 1) resolutions[r.weighted(RESOLUTION_WEIGHTS)] += 1;
  return { cfpb, ftc, withAlertWords: r.int(0, cfpb + ftc), resolutions };
}

function additionalFor(r: SeededRandom): ProviderPublicRecords['additional'] {
  const certification = (): boolean | null => r.pick([true, false, false, false, null]);
  return {
    minorityOwned: certification(),
    womanOwned: certification(),
    veteranOwned: certification(),
    // Log-uniform over 1..500: most businesses are small.
    employees: r.chance(0.15) ? null : Math.round(Math.exp(r.between(0, Math.log(500)))),
  };
}

/** Where a series of one kind of records is drawn from. */
interface Series {
  kind: BjlKind;
  r: SeededRandom;
  seed: string;
  reference: Date;
  /** How far back the oldest record may go: not before the business was formed. */
  maxDaysBack: number;
}

/**
 * `statuses.length` records of one kind, newest first, with distinct filing dates (so "the most
 * recent" is never a tie). Ids come from the seed, kind and position: a re-fetch of the same
 * business yields the same ids, so stored records are updated rather than duplicated.
 */
function series({ kind, r, seed, reference, maxDaysBack }: Series, statuses: string[], amount: () => number | null): BjlRecord[] {
  const step = Math.floor((maxDaysBack - 15) / statuses.length);
  return statuses.map((status, i) => ({
    kind,
    providerRecordId: `sandbox-${kind.toLowerCase()}-${seed.slice(0, 16)}-${i + 1}`,
    filingDate: daysBefore(reference, 15 + i * step + r.int(0, step - 1)),
    status,
    amount: amount(),
  }));
}

function bjlRecordsFor(triggers: Set<SandboxTrigger>, base: Omit<Series, 'kind' | 'r'>): BjlRecord[] {
  const records: BjlRecord[] = [];
  const stream = (kind: BjlKind): Series => ({ ...base, kind, r: createSeededRandom(`${base.seed}:${kind}`) });
  if (triggers.has('bankrupt')) {
    const s = stream('BANKRUPTCY');
    const closed = BJL_STATUSES.BANKRUPTCY.filter((status) => status !== 'open');
    const older = Array.from({ length: s.r.int(0, 1) }, () => s.r.pick(closed));
    records.push(...series(s, ['open', ...older], () => null));
  }
  if (triggers.has('lien')) {
    const s = stream('LIEN');
    const more = Array.from({ length: s.r.int(0, 2) }, () => s.r.pick(BJL_STATUSES.LIEN));
    records.push(...series(s, s.r.shuffle(['active', 'released', ...more]), () => cents(s.r.between(1_000, 150_000))));
  }
  if (triggers.has('judgement') || triggers.has('judgment')) {
    const s = stream('JUDGEMENT');
    const more = Array.from({ length: s.r.int(0, 2) }, () => s.r.pick(BJL_STATUSES.JUDGEMENT));
    records.push(...series(s, s.r.shuffle(['active', ...more]), () => cents(s.r.between(2_500, 400_000))));
  }
  return records;
}

function generate(business: BusinessProfile, triggers: Set<SandboxTrigger>, reference: Date, nth: number): ProviderPublicRecords {
  // The NUL keeps ("ab", "c") and ("a", "bc") apart.
  const seed = sha256Hex(`${business.id}\u0000${business.name}`);
  // One stream per section, so a trigger that adds records leaves every other section unchanged.
  const stream = (section: string) => createSeededRandom(`${seed}:${section}`);
  const clean = triggers.has('clean');
  const filingStream = stream('filing');
  const ageDays = filingStream.int(2 * 365, 25 * 365);
  return {
    corporateFiling: corporateFilingFor(business, filingStream, reference, ageDays),
    officialWebsite: websiteFor(business, seed),
    ...reviewsFor(stream('reviews'), clean),
    monthlyRatingDate: new Date(Date.UTC(reference.getUTCFullYear(), reference.getUTCMonth() - 1, 1)).toISOString(),
    complaints: complaintsFor(stream('complaints'), clean),
    additional: additionalFor(stream('additional')),
    records: clean
      ? []
      : [
          ...bjlRecordsFor(triggers, { seed, reference, maxDaysBack: Math.min(ageDays - 1, 10 * 365) }),
          ...(triggers.has('deteriorating') ? deterioratingLiens(business.id, seed, reference, nth) : []),
        ],
  };
}

/**
 * The deterministic sandbox public-records provider: the same business (id and name) always
 * gets the same records, and words in its name ({@link SANDBOX_TRIGGERS}) produce bankruptcies,
 * liens, judgements, a clean record, a record that worsens with each enrichment or provider
 * failures on demand.
 */
export function createSandboxPublicRecordsProvider(options: SandboxPublicRecordsOptions = {}): PublicRecordsProvider {
  const failuresBeforeSuccess = Math.max(0, Math.floor(options.failuresBeforeSuccess ?? 1));
  const reference = new Date(options.referenceDate ?? SANDBOX_REFERENCE_DATE);
  // Failures so far per `flaky` business id. Held per instance, not per module, so every provider
  // (and every test) starts afresh; it grows by one small entry per flaky business, fine for a sandbox.
  const flakyFailures = new Map<string, number>();
  // Answers so far per `deteriorating` business id, when the caller does not count enrichments itself.
  const answered = new Map<string, number>();
  const enrichmentsSoFar = options.enrichmentsSoFar ?? (async (businessId: string) => answered.get(businessId) ?? 0);

  return {
    name: 'sandbox',
    platformId: 100,
    async fetchPublicRecords(business: BusinessProfile): Promise<ProviderPublicRecords> {
      const triggers = triggersIn(business.name);
      if (triggers.has('outage')) {
        throw new ProviderError('The public records provider is unavailable (sandbox trigger "outage").', { transient: true });
      }
      if (triggers.has('refused')) {
        throw new ProviderError('The public records provider refused the request (sandbox trigger "refused").', { transient: false });
      }
      if (triggers.has('flaky')) {
        const failed = flakyFailures.get(business.id) ?? 0;
        if (failed < failuresBeforeSuccess) {
          flakyFailures.set(business.id, failed + 1);
          throw new ProviderError('The public records provider is temporarily unavailable (sandbox trigger "flaky").', { transient: true });
        }
      }
      if (!triggers.has('deteriorating')) return generate(business, triggers, reference, 0);
      const nth = (await enrichmentsSoFar(business.id)) + 1;
      if (!options.enrichmentsSoFar) answered.set(business.id, nth);
      return generate(business, triggers, reference, nth);
    },
  };
}
