import { randomUUID } from 'node:crypto';
import type { Knex } from '@kyb/db';
import { CASE_DECISION_DIRECTORY_VIEW, CASE_TRANSITION_DIRECTORY_VIEW } from '../case/case-decision-directory';

/** A move on a stand-in case's trail, as the case area stores it (`facts` as kept, e.g. `{ first_reviewer }` under four eyes). */
export interface StandInCaseMove {
  from: string | null;
  to: string;
  mover: 'policy' | 'reviewer' | 'applicant' | 'customer';
  actorId?: string | null;
  policyVersion?: number | null;
  ruleIds?: string[];
  reasonCode?: string | null;
  note?: string | null;
  facts?: unknown;
  at: Date;
}

/** A fixture case for {@link createCaseDecisionDirectoryStandIn}: `outcome` as the case area keeps it (`kind`, `policy_version`, `rule_id`, ...). */
export interface StandInCase {
  id?: string;
  customerId: string;
  businessId: string;
  status?: string;
  origin?: 'INVITATION' | 'ADDED';
  assigneeId?: string | null;
  policyVersion?: number | null;
  openedAt?: Date;
  statusChangedAt?: Date;
  evaluatedAt?: Date | null;
  outcome?: unknown;
  /** What waits for a second reviewer, as the case area publishes it (`decision`, `by`, `reason_code`, `at`). */
  awaitingConfirmation?: unknown;
  trail?: StandInCaseMove[];
}

/**
 * For tests of areas that read cases' decisions: tables with the views' contract (names and
 * columns), so they run without the case area's migrations. The case area's own tests check that
 * its real views have this shape.
 */
export async function createCaseDecisionDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists cases');
  await db.raw(`create table if not exists ${CASE_DECISION_DIRECTORY_VIEW} (id uuid primary key, customer_id uuid not null, business_id uuid not null,
    status text not null, origin text not null, assignee_id uuid, policy_version integer, status_changed_at timestamptz not null,
    evaluated_at timestamptz, outcome jsonb, created_at timestamptz not null, awaiting_confirmation jsonb)`);
  await db.raw(`create table if not exists ${CASE_TRANSITION_DIRECTORY_VIEW} (id uuid primary key, case_id uuid not null, customer_id uuid not null,
    business_id uuid not null, from_status text, to_status text not null, mover text not null, actor_id uuid, policy_version integer,
    rule_ids text[] not null, reason_code text, note text, facts jsonb, created_at timestamptz not null)`);
  return {
    /** Puts the case with its trail (replacing one of the same id); answers its id. */
    async put(kase: StandInCase): Promise<string> {
      const id = kase.id ?? randomUUID();
      const openedAt = kase.openedAt ?? new Date();
      await db(CASE_TRANSITION_DIRECTORY_VIEW).where({ case_id: id }).delete();
      await db(CASE_DECISION_DIRECTORY_VIEW).where({ id }).delete();
      await db(CASE_DECISION_DIRECTORY_VIEW).insert({
        id,
        customer_id: kase.customerId,
        business_id: kase.businessId,
        status: kase.status ?? 'OPEN',
        origin: kase.origin ?? 'ADDED',
        assignee_id: kase.assigneeId ?? null,
        policy_version: kase.policyVersion ?? null,
        status_changed_at: kase.statusChangedAt ?? openedAt,
        evaluated_at: kase.evaluatedAt ?? null,
        outcome: kase.outcome === undefined || kase.outcome === null ? null : JSON.stringify(kase.outcome),
        created_at: openedAt,
        awaiting_confirmation: kase.awaitingConfirmation === undefined || kase.awaitingConfirmation === null ? null : JSON.stringify(kase.awaitingConfirmation),
      });
      const trail = kase.trail ?? [{ from: null, to: 'OPEN', mover: 'customer', actorId: randomUUID(), at: openedAt }];
      if (trail.length === 0) return id;
      await db(CASE_TRANSITION_DIRECTORY_VIEW).insert(
        trail.map((move) => ({
          id: randomUUID(),
          case_id: id,
          customer_id: kase.customerId,
          business_id: kase.businessId,
          from_status: move.from,
          to_status: move.to,
          mover: move.mover,
          actor_id: move.actorId ?? null,
          policy_version: move.policyVersion ?? null,
          rule_ids: move.ruleIds ?? [],
          reason_code: move.reasonCode ?? null,
          note: move.note ?? null,
          facts: move.facts === undefined || move.facts === null ? null : JSON.stringify(move.facts),
          created_at: move.at,
        })),
      );
      return id;
    },
  };
}
