import { auditActOf, canAccessCustomer, TenantAccessDeniedError, unseen, type Actor, type RequestAct } from '@kyb/auth';
import { recordAudit, type Knex } from '@kyb/db';
import { NotFoundError } from '@kyb/envelope';
import type { InvitationAcceptances } from '@kyb/area-views';
import { cursorListPage } from '@kyb/validation';
import type { CaseListCriteria, CaseListQuery } from './cases.schemas';
import type { CaseRow, CaseStore, InvitationView } from './cases.store';

/** ACCEPTED once its applicant used it (the auth area records that), else PENDING until it expires. */
function invitationStatus(invitation: InvitationView, acceptedAt: Date | undefined, now: Date): string {
  if (acceptedAt) return 'ACCEPTED';
  if (invitation.status === 'PENDING' && invitation.expires_at.getTime() <= now.getTime()) return 'EXPIRED';
  return invitation.status;
}

const HOUR_MS = 3600 * 1000;

/**
 * What the store matches: the risk level apart, and the age filters as one time (the earlier of
 * `status_changed_before` and now minus `waiting_longer_than_hours`).
 */
function caseListCriteria(query: CaseListQuery, now: Date): CaseListCriteria {
  const { risk_level: riskLevel, waiting_longer_than_hours: hours, status_changed_before: before, awaiting_confirmation: awaitingConfirmation, ...columns } = query.filter;
  const times = [before === undefined ? undefined : new Date(before), hours === undefined ? undefined : new Date(now.getTime() - hours * HOUR_MS)];
  const given = times.filter((time): time is Date => time !== undefined);
  const statusChangedBefore = given.length === 0 ? undefined : new Date(Math.min(...given.map((time) => time.getTime())));
  return { ...query, filter: columns, riskLevel, statusChangedBefore, awaitingConfirmation };
}

/** What waits for a second reviewer, as a reviewer reads it (the first reviewer's note included: the tenant's own words). */
function waitingDecision(row: CaseRow) {
  const waiting = row.pending_decision;
  if (!waiting) return null;
  return { decision: waiting.decision, by: waiting.by, reason_code: waiting.reason_code, note: waiting.note ?? null, at: waiting.at };
}

/** `j***@example.com`: enough for an applicant to recognise, little for anyone else. */
function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.charAt(0)}***@${domain}`;
}

/**
 * Onboarding cases and invitations, read by the customer, and an invitation read by its applicant.
 * A read that answers applicants' emails (personal data) is audited before it is answered
 * (`case.read`, `cases.listed`) when the area is given where to record it.
 */
export function createCasesService(options: { cases: CaseStore; acceptances: InvitationAcceptances; clock: () => Date; db?: Knex }) {
  const { cases, clock } = options;

  /** Records a read of applicants' emails: one act per request, counting them (never the emails). */
  async function auditRead(actor: Actor, act: RequestAct): Promise<void> {
    if (!options.db) return;
    await recordAudit(options.db, 'cases', [auditActOf(actor, act, clock())]);
  }
  const acceptedOf = (invitations: InvitationView[]) => options.acceptances.acceptedAt(invitations.map((i) => i.id));

  function present(row: CaseRow, invitations: InvitationView[], accepted: Map<string, Date>) {
    return {
      id: row.id,
      customer_id: row.customer_id,
      business_id: row.business_id,
      applicant_id: row.applicant_id,
      status: row.status,
      origin: row.origin,
      assignee_id: row.assignee_id,
      status_changed_at: row.status_changed_at.toISOString(),
      awaiting_confirmation: waitingDecision(row),
      customer_initiated: row.customer_initiated,
      created_at: row.created_at.toISOString(),
      created_by: row.created_by,
      updated_at: row.updated_at.toISOString(),
      updated_by: row.updated_by,
      invitations: invitations
        .filter((i) => i.case_id === row.id)
        .map((i) => ({
          id: i.id,
          applicant_id: i.applicant_id,
          applicant_email: i.applicant_email,
          status: invitationStatus(i, accepted.get(i.id), clock()),
          expires_at: i.expires_at.toISOString(),
          used_at: accepted.get(i.id)?.toISOString() ?? null,
        })),
    };
  }

  return {
    async get(actor: Actor, caseId: string) {
      const row = await cases.findCase(caseId);
      if (!row) throw unseen(actor, new NotFoundError('Case not found', 'CaseApiError'));
      if (!canAccessCustomer(actor, row.customer_id)) throw new TenantAccessDeniedError();
      const invitations = await cases.invitationsOfCases([row.id]);
      const trail = (await cases.trailOf(row.id)).map((t) => ({
        from_status: t.from_status,
        to_status: t.to_status,
        mover: t.mover,
        actor_id: t.actor_id,
        policy_version: t.policy_version,
        rule_ids: t.rule_ids,
        reason_code: t.reason_code,
        note: t.note,
        facts: t.facts ?? null,
        at: t.created_at.toISOString(),
      }));
      // The decision: what the policy last said (the rule, the facts it read with their sources and times), and the trail.
      const decision = { ...(row.outcome ?? { kind: 'not_evaluated' }), evaluated_at: row.evaluated_at?.toISOString() ?? null };
      const presented = { ...present(row, invitations, await acceptedOf(invitations)), decision, trail };
      if (presented.invitations.length > 0) {
        await auditRead(actor, { customerId: row.customer_id, action: 'case.read', target: { type: 'case', id: row.id }, details: { applicant_emails: presented.invitations.length } });
      }
      return presented;
    },
    async list(actor: Actor, query: CaseListQuery) {
      const { rows, total, next } = await cases.list(caseListCriteria(query, clock()));
      const invitations = await cases.invitationsOfCases(rows.map((r) => r.id));
      const accepted = await acceptedOf(invitations);
      if (invitations.length > 0) {
        const details = { cases: rows.length, applicant_emails: invitations.length, page: query.page };
        await auditRead(actor, { customerId: query.customerId, action: 'cases.listed', target: { type: 'customer', id: query.customerId }, details });
      }
      return cursorListPage(rows.map((r) => present(r, invitations, accepted)), total, query, next);
    },
    /** What an invitation is for, without secrets: the invitation id in the link is the only credential. */
    async invitation(invitationId: string) {
      const found = await cases.findInvitation(invitationId);
      if (!found) throw new NotFoundError('Invitation not found', 'InvitationApiError');
      return {
        invitation_id: found.id,
        status: invitationStatus(found, (await acceptedOf([found])).get(found.id), clock()),
        expires_at: found.expires_at.toISOString(),
        customer_id: found.customer_id,
        business: { id: found.business_id, name: found.business_name },
        applicant: { first_name: found.applicant_first_name, email: maskEmail(found.applicant_email) },
      };
    },
  };
}

/** The cases service type, for injection. */
export type CasesService = ReturnType<typeof createCasesService>;
