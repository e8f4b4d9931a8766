import type { BjlRecord, ProviderPublicRecords, PublicRecordsProvider } from '../providers/public-records.provider';
import type { BusinessProfile } from '../providers/business-profile';
import type { ProviderError } from '../providers/providers.errors';

/** Raw provider records with small round numbers, for tests to assert exact derived values. */
export function providerRecords(records: BjlRecord[] = [], overrides: Partial<ProviderPublicRecords> = {}): ProviderPublicRecords {
  return {
    corporateFiling: {
      businessName: 'Longwood Dental LLC',
      filingDate: '2015-03-02T00:00:00.000Z',
      incorporationState: 'FL',
      corporationType: 'Limited Liability Company',
      registrationType: 'Domestic',
      secretaryOfStateStatus: 'Active',
      secretaryOfStateStatusDate: '2025-01-15T00:00:00.000Z',
    },
    officialWebsite: 'https://www.longwooddental.com',
    reviewSources: [
      { source: 'Google', count: 6 },
      { source: 'Yelp', count: 4 },
    ],
    ratingCounts: { oneOrZero: 1, two: 0, three: 1, four: 3, five: 5 },
    reviewers: { total: 9, duplicate: 1 },
    reviewsWithAlertWords: 1,
    monthlyRating: 4.5,
    monthlyRatingDate: '2026-10-01T00:00:00.000Z',
    complaints: { cfpb: 1, ftc: 1, withAlertWords: 0, resolutions: { answered: 1, resolved: 1, unanswered: 0, unresolved: 0, other: 0 } },
    additional: { minorityOwned: null, womanOwned: true, veteranOwned: false, employees: 12 },
    records,
    ...overrides,
  };
}

/** One fetch's outcome: records, an error to throw, or a promise the test settles. */
export type FetchStep = ProviderPublicRecords | ProviderError | Error | Promise<ProviderPublicRecords>;

/** A provider whose answers the test scripts per business. */
export interface ScriptedProvider extends PublicRecordsProvider {
  /** Sets the business's answers, one step per call (the last repeats). Unscripted: `providerRecords()`. */
  script(businessId: string, steps: FetchStep[]): void;
  /** How often the business was asked about. */
  callsFor(businessId: string): number;
}

/** A provider answering from per-business scripts. */
export function scriptedProvider(platformId = 17): ScriptedProvider {
  const scripts = new Map<string, FetchStep[]>();
  const calls = new Map<string, number>();
  return {
    name: 'scripted',
    platformId,
    script: (businessId, steps) => void scripts.set(businessId, steps),
    callsFor: (businessId) => calls.get(businessId) ?? 0,
    async fetchPublicRecords(business: BusinessProfile) {
      const steps = scripts.get(business.id) ?? [providerRecords()];
      const made = calls.get(business.id) ?? 0;
      calls.set(business.id, made + 1);
      const step = steps[Math.min(made, steps.length - 1)];
      if (step instanceof Error) throw step;
      return step;
    },
  };
}

/** A promise with its resolver, for steps the test settles itself. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
