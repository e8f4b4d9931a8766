import { createAlertDirectory, createErasedCustomers, createIntegrationDirectory, createMatchScreeningDirectory, createScoreDirectory, createVerificationDirectory, createWatchlistHitDirectory } from '@kyb/area-views';
import type { Knex } from '@kyb/db';
import type { Registry } from 'prom-client';
import { createCaseMetrics, type CaseMetrics } from './case-metrics';
import { createPgCasePoliciesStore } from './case-policies.store';
import { createDecisionRound } from './decision-round';
import { createPgDecisionRoundStore } from './decision-round.store';
import { createCaseFactsReader } from './gather-case-facts';

/** How the decision round runs (CASE_DECISION_* settings). */
export interface CaseDecisionSettings {
  /** How often the round runs (default 1 s). */
  everyMs?: number;
  /** How long an undecided case waits before it is evaluated again without an event (default 60 s). */
  recheckMs?: number;
  /** Cases evaluated per round (default 100). */
  batchSize?: number;
}

/** The defaults of the round's settings. */
export const CASE_DECISION_DEFAULTS: Required<CaseDecisionSettings> = { everyMs: 1000, recheckMs: 60_000, batchSize: 100 };

/** The decision round over the published views, with the area's policies. */
export function createCaseDecisionRound(deps: { db: Knex; clock: () => Date; settings?: CaseDecisionSettings }) {
  // The instruments exist once the process registers them (the area's metrics hook); the round reports to them from then on.
  let metrics: CaseMetrics | undefined;
  const settings = { ...CASE_DECISION_DEFAULTS, ...deps.settings };
  const facts = createCaseFactsReader({
    db: deps.db,
    verifications: createVerificationDirectory(deps.db),
    hits: createWatchlistHitDirectory(deps.db),
    scores: createScoreDirectory(deps.db),
    alerts: createAlertDirectory(deps.db),
    records: createIntegrationDirectory(deps.db),
    matches: createMatchScreeningDirectory(deps.db),
    clock: deps.clock,
  });
  const round = createDecisionRound({
    db: deps.db,
    store: createPgDecisionRoundStore(deps.db),
    policies: createPgCasePoliciesStore(deps.db),
    facts,
    clock: deps.clock,
    batchSize: settings.batchSize,
    recheckMs: settings.recheckMs,
    feedLimit: 1000,
    erased: createErasedCustomers(deps.db),
    onMoved: (moved) => metrics?.decided('policy', moved.to, (moved.at.getTime() - moved.openedAt.getTime()) / 1000),
  });
  return {
    round,
    /** The facts reader the round uses (a reviewer's four eyes reads the risk level with it). */
    facts,
    everyMs: settings.everyMs,
    registerMetrics(registry: Registry) {
      metrics = createCaseMetrics(registry, deps.db, deps.clock);
    },
  };
}
