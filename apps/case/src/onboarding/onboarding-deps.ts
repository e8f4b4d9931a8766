import type { CustomerDirectory, DataKeys } from '@kyb/area-views';
import type { Knex } from '@kyb/db';
import type { Logger } from '@kyb/http';
import type { Producer } from '@kyb/queues';
import type { ApplicantStore } from '../applicants/applicants.store';
import type { BusinessStore } from '../businesses/businesses.store';
import type { CaseStore } from '../cases/cases.store';
import type { EnrichmentGatherer } from './enrichment-gatherer';
import type { OnboardingStore } from './onboarding.store';

/** What onboarding's use-cases are built from (area.ts gives it once); each factory takes its slice. */
export interface OnboardingDeps {
  db: Knex;
  store: OnboardingStore;
  businesses: BusinessStore;
  /** Applicants, shared with the invitation flow. */
  applicants: ApplicantStore;
  cases: CaseStore;
  directory: CustomerDirectory;
  /** Seals TINs, SSNs and the rows of async runs with the customer's data key. */
  dataKeys: Pick<DataKeys, 'boxFor' | 'open'>;
  /** Queues the enrichments: a single add's at once or with the customer's next single adds (ADR 0048), a bulk's in batches. */
  gatherer: EnrichmentGatherer;
  /** Queues accepted runs (`async=true`) for the worker. */
  runs: Producer<{ runId: string }>;
  clock: () => Date;
  logger: Logger;
}
