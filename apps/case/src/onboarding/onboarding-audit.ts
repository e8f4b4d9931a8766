import { auditActOf, type Actor } from '@kyb/auth';
import type { AuditAct } from '@kyb/db';

/**
 * Who adds businesses, for the audit log: an actor (E12, bulk; its caller, request id and
 * address), or the worker storing an accepted run (the user who sent the run, role `SYSTEM`).
 */
export type OnboardingActor = { by: Actor } | { run: { acceptedBy: string } };

/** The `businesses.added` act of a run: one business names it, several name their run. */
export function businessesAddedAct(actor: OnboardingActor, added: { customerId: string; runId: string; businessIds: string[] }, now: Date): AuditAct {
  const single = added.businessIds.length === 1;
  const act = {
    customerId: added.customerId,
    action: 'businesses.added',
    target: single ? { type: 'business', id: added.businessIds[0] ?? null } : { type: 'onboarding_run', id: added.runId },
    details: { count: added.businessIds.length, run_id: added.runId },
  };
  if ('by' in actor) return auditActOf(actor.by, act, now);
  return {
    customerId: act.customerId,
    actorId: actor.run.acceptedBy,
    actorRole: 'SYSTEM',
    action: act.action,
    targetType: act.target.type,
    targetId: act.target.id,
    requestId: null,
    clientAddress: null,
    details: act.details,
    occurredAt: now,
  };
}

/** The user an add is stored for: the caller, or the user who sent the accepted run. */
export function actorIdOf(actor: OnboardingActor): string {
  return 'by' in actor ? actor.by.userId : actor.run.acceptedBy;
}
