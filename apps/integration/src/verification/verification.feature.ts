import type { RequestHandler } from 'express';
import type { Knex } from '@kyb/db';
import type { RouteDefinition } from '@kyb/http';
import type { WorkerLogger } from '@kyb/queues';
import type { SealedBox } from '@kyb/secrets';
import { createTinDirectory, type BusinessDirectory } from '@kyb/area-views';
import type { IndustryClassifier } from '../classification/classification.provider';
import { createPgClassificationStore } from '../classification/classification.store';
import { createSandboxClassifier } from '../classification/sandbox-classifier';
import { createBusinessVerifier, type BusinessVerifier } from './business-verifier';
import { createSandboxVerificationProviders } from './sandbox-verification.providers';
import type { VerificationProviders } from './verification.providers';
import { verificationRoutes } from './verification.router';
import { createVerificationService } from './verification.service';
import { createPgVerificationStore } from './verification.store';

/** What the verification feature is built from. */
export interface VerificationFeatureDeps {
  db: Knex;
  businesses: BusinessDirectory;
  sealedBox: SealedBox;
  /** The verification providers (each defaults to its sandbox). */
  providers?: Partial<VerificationProviders>;
  /** The industry classifier (default: the sandbox). */
  classifier?: IndustryClassifier;
  authenticate: RequestHandler;
  clock: () => Date;
  logger: WorkerLogger;
}

/** Business verification and classification: the enrichment step and the verification endpoint. */
export function createVerificationFeature(deps: VerificationFeatureDeps): { routes: RouteDefinition[]; verifier: BusinessVerifier } {
  const verifications = createPgVerificationStore(deps.db);
  const verifier = createBusinessVerifier({
    db: deps.db,
    verifications,
    classifications: createPgClassificationStore(deps.db),
    businesses: deps.businesses,
    tins: createTinDirectory(deps.db),
    sealedBox: deps.sealedBox,
    providers: { ...createSandboxVerificationProviders(), ...deps.providers },
    classifier: deps.classifier ?? createSandboxClassifier(),
    clock: deps.clock,
    logger: deps.logger,
  });
  const verification = createVerificationService({ businesses: deps.businesses, verifications });
  return { routes: verificationRoutes({ verification, authenticate: deps.authenticate }), verifier };
}
