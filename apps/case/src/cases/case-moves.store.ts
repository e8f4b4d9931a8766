import { recordAudit, recordEvent, type Knex } from '@kyb/db';

/** Who or what moves a case (docs/adr/0055). */
export type CaseMoverKind = 'policy' | 'reviewer' | 'applicant' | 'customer';

/** One change of a case's state, as asked for. */
export interface CaseMove {
  caseId: string;
  /** The state the mover saw: the move happens only if the case is still in it (else another move won). */
  from: string;
  to: string;
  mover: CaseMoverKind;
  /** The person who moved it (null: the policy). */
  actorId: string | null;
  /** The actor's role for the audit log (`SYSTEM` for the policy). */
  actorRole: string;
  /** The policy version that decided (policy moves). */
  policyVersion: number | null;
  /** The rule that decided (or `otherwise`), after the rules tried before it. */
  ruleIds: string[];
  reasonCode: string | null;
  note: string | null;
  /** The facts the decision read, as kept on the trail. */
  facts: object | null;
  /** What the policy said, kept on the case (policy moves). */
  outcome?: object;
  requestId?: string | null;
  clientAddress?: string | null;
  at: Date;
}

/** A case that moved. */
export interface MovedCase {
  id: string;
  customerId: string;
  businessId: string;
  from: string;
  to: string;
  transitionId: string;
  /** When the case was opened, and when it moved. */
  openedAt: Date;
  at: Date;
}

/**
 * Moves a case in `trx` if it is still in `move.from`: its state, the trail entry, the audit act
 * (`case.status_updated`: states, mover, reason code and policy version; never the note) and the
 * `case.status_updated` event, all kept or none. Answers undefined when the case is no longer in
 * `from` (a concurrent move won), changing nothing.
 */
export async function moveCase(trx: Knex.Transaction, move: CaseMove): Promise<MovedCase | undefined> {
  const changes: Record<string, unknown> = { status: move.to, status_changed_at: move.at, updated_at: move.at };
  if (move.actorId) changes.updated_by = move.actorId;
  if (move.mover === 'policy') Object.assign(changes, { policy_version: move.policyVersion, outcome: JSON.stringify(move.outcome ?? null), evaluated_at: move.at });
  const [moved] = await trx('cases.cases').where({ id: move.caseId, status: move.from }).update(changes).returning<Array<{ customer_id: string; business_id: string; created_at: Date }>>(['customer_id', 'business_id', 'created_at']);
  if (!moved) return undefined;
  const [transition] = await trx('cases.case_transitions')
    .insert({
      case_id: move.caseId,
      customer_id: moved.customer_id,
      from_status: move.from,
      to_status: move.to,
      mover: move.mover,
      actor_id: move.actorId,
      policy_version: move.policyVersion,
      rule_ids: move.ruleIds,
      reason_code: move.reasonCode,
      note: move.note,
      facts: move.facts === null ? null : JSON.stringify(move.facts),
      created_at: move.at,
    })
    .returning<Array<{ id: string }>>('id');
  await recordEvent(trx, 'cases', {
    type: 'case.status_updated',
    customerId: moved.customer_id,
    data: { business_id: moved.business_id, case_id: move.caseId, status: move.to, previous_status: move.from },
  });
  await recordAudit(trx, 'cases', [
    {
      customerId: moved.customer_id,
      actorId: move.actorId,
      actorRole: move.actorRole,
      action: 'case.status_updated',
      targetType: 'case',
      targetId: move.caseId,
      requestId: move.requestId ?? null,
      clientAddress: move.clientAddress ?? null,
      details: { from: move.from, to: move.to, mover: move.mover, reason_code: move.reasonCode, policy_version: move.policyVersion, rules: move.ruleIds.length },
      occurredAt: move.at,
    },
  ]);
  return { id: move.caseId, customerId: moved.customer_id, businessId: moved.business_id, from: move.from, to: move.to, transitionId: transition.id, openedAt: moved.created_at, at: move.at };
}
