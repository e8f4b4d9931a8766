import { randomUUID } from 'node:crypto';
import { dataKeyScope, type CustomerEntry } from '@kyb/area-views';
import type { RowOwnership } from '../businesses/business-records';
import { checkRows, type CheckedRows } from './checked-rows';
import { actorIdOf, type OnboardingActor } from './onboarding-audit';
import type { OnboardingDeps } from './onboarding-deps';
import { usageMonth } from './onboarding.store';

/** Businesses to add: one row (E12) or many (bulk, or an accepted run's). */
export interface AddInput {
  actor: OnboardingActor;
  customerId: string;
  rows: Array<Record<string, unknown>>;
  /** Rows read from a bulk request or a run are unchecked: each is checked against the E12 schema. A single business's body was, by its request's. */
  checkSchema: boolean;
  /** The customer, when the request's checks read it already; a run read in the worker reads it here. */
  customer?: CustomerEntry;
}

/** An add ready to be stored: its rows checked once, its run named, what storing them needs read. */
export interface PreparedAdd {
  actor: OnboardingActor;
  actorId: string;
  customerId: string;
  runId: string;
  /** The month whose usage the add counts in. */
  month: string;
  /** The customer's monthly onboarding limit (null: unlimited). */
  limit: number | null;
  /** How many rows the add counts (every row, checked or not). */
  rowCount: number;
  checked: CheckedRows;
  /** The customer's data key and the owner titles, for the rows' records. */
  sealing: Pick<RowOwnership, 'sealedBox' | 'titles'>;
}

/** Prepares an add: checks its rows once and reads what storing them needs, under a new run id or the accepted run's. */
export function createPrepareAdd(deps: Pick<OnboardingDeps, 'businesses' | 'directory' | 'dataKeys' | 'clock'>) {
  return async function prepareAdd(input: AddInput, runId: string = randomUUID()): Promise<PreparedAdd> {
    const checked = checkRows(input.rows, { checkSchema: input.checkSchema, today: deps.clock() });
    const customer = input.customer ?? (await deps.directory.find(input.customerId));
    const titles = await deps.businesses.ownerTitles();
    const sealedBox = await deps.dataKeys.boxFor(dataKeyScope(input.customerId));
    return {
      actor: input.actor,
      actorId: actorIdOf(input.actor),
      customerId: input.customerId,
      runId,
      month: usageMonth(deps.clock()),
      limit: customer?.monthlyOnboardingLimit ?? null,
      rowCount: input.rows.length,
      checked,
      sealing: { sealedBox, titles },
    };
  };
}
