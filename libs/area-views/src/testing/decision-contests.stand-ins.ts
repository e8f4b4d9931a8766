import { randomUUID } from 'node:crypto';
import type { Knex } from '@kyb/db';
import { DECISION_CONTEST_DIRECTORY_VIEW, type DecisionContestEntry } from '../case/decision-contest-directory';

/** A contested decision to put: the case, whose, and what the policy would now decide; the rest defaults. */
export type StandInDecisionContest = Pick<DecisionContestEntry, 'caseId' | 'customerId' | 'businessId' | 'wouldDecide'> & Partial<DecisionContestEntry>;

/**
 * For tests of areas that read contested case decisions (the score area raises their alerts): a
 * table with the view's contract (name and columns), so they run without the case area's
 * migrations. The case area's own tests check that its real view has this shape.
 */
export async function createDecisionContestDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists cases');
  await db.raw(`create table if not exists ${DECISION_CONTEST_DIRECTORY_VIEW} (id uuid primary key, case_id uuid not null, customer_id uuid not null,
    business_id uuid not null, status text not null, would_decide text not null, policy_version integer not null, rule_id text, reason text,
    contested_at timestamptz not null)`);
  return {
    /** Stores a contest as the case area's decision round keeps it; answers it as the directory reads it. */
    async put(contest: StandInDecisionContest): Promise<DecisionContestEntry> {
      const entry: DecisionContestEntry = {
        id: randomUUID(),
        status: 'AUTO_APPROVED',
        policyVersion: 0,
        ruleId: 'SANCTIONS_CONFIRMED',
        reason: 'A sanctions hit is confirmed.',
        contestedAt: new Date(),
        ...contest,
      };
      await db(DECISION_CONTEST_DIRECTORY_VIEW).insert({
        id: entry.id,
        case_id: entry.caseId,
        customer_id: entry.customerId,
        business_id: entry.businessId,
        status: entry.status,
        would_decide: entry.wouldDecide,
        policy_version: entry.policyVersion,
        rule_id: entry.ruleId,
        reason: entry.reason,
        contested_at: entry.contestedAt,
      });
      return entry;
    },
  };
}
