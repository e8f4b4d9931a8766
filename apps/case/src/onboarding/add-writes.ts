import { auditInsertPart, type Knex, type StatementPart } from '@kyb/db';
import type { RawJson } from '@kyb/envelope';
import { toBusinessRecords, type BusinessRecords } from '../businesses/business-records';
import { businessesAddedAct } from './onboarding-audit';
import type { OnboardingDeps } from './onboarding-deps';
import type { PreparedAdd } from './prepare-add';

/** What an add stored: its businesses' records and the cases opened (by business id), with the rows' echoes when written ahead. */
export interface StoredAdd {
  built: BusinessRecords[];
  cases: Map<string, object[]>;
  /** Each row's `integration_data` text, written while the rows were stored (ADR 0038). */
  echoes?: RawJson[];
}

/** The records of an add's checked rows: each business with its owners and event, TIN and SSNs sealed. */
export function recordsOf(add: PreparedAdd): BusinessRecords[] {
  const { customerId, actorId, runId, checked, sealing } = add;
  return checked.rows.map((row) => toBusinessRecords(row, { customerId, actorId, runId, phones: checked.phones, ...sealing }));
}

/** The statement parts of a request's run: nobody sees it before its businesses, so it is stored finished with them. */
export function newRunParts(db: Knex, deps: Pick<OnboardingDeps, 'store'>, add: PreparedAdd, businessIds: string[], now: Date): StatementPart[] {
  const run = { id: add.runId, customer_id: add.customerId, created_by: add.actorId, row_count: add.rowCount, status: 'SUCCEEDED' as const, business_ids: businessIds, finished_at: now };
  return deps.store.runInsertParts(db, run);
}

/** The statement part of the add's `businesses.added` act. */
export function addedActPart(add: PreparedAdd, businessIds: string[], now: Date): StatementPart {
  return auditInsertPart('cases', [businessesAddedAct(add.actor, { customerId: add.customerId, runId: add.runId, businessIds }, now)]);
}
