import type { Knex } from '@kyb/db';

/**
 * Everything enrichment stored for a business, field by field, without ids and timestamps: tasks
 * are named by their job id (the business id replaced by `<business>`, so two businesses enriched
 * alike compare equal), and rows that point at a task or a verification name it that way.
 */
export async function storedEnrichmentOf(db: Knex, businessId: string) {
  const where = { business_id: businessId };
  const tasks = await db('integration.integration_tasks').where(where).orderBy('created_at');
  const jobOf = new Map<string, string>(tasks.map((t) => [t.id, t.job_id.replace(businessId, '<business>')]));
  const task = (id: string | null) => (id === null ? null : (jobOf.get(id) ?? 'a task of another business'));
  const records = await db('integration.public_records').where(where).first();
  const bjl = await db('integration.bjl_records').where(where).orderBy(['kind', 'provider_record_id']);
  const financials = await db('integration.financial_profiles').where(where).first();
  const verifications = await db('integration.business_verifications').where(where).orderBy('seq');
  const verificationTask = new Map(verifications.map((v) => [v.id, task(v.business_integration_task_id)]));
  const changes = await db('integration.business_verification_status_changes').where(where).orderBy('seq');
  const current = await db('integration.business_verification_current').where(where).first();
  const classification = await db('integration.business_classifications').where(where).first();
  return {
    tasks: tasks.map((t) => ({
      job: task(t.id),
      customer: t.customer_id,
      kind: t.kind,
      status: t.status,
      provider: t.provider,
      attempts: t.attempts,
      failureReason: t.failure_reason,
      requestedBy: t.requested_by,
      started: t.started_at !== null,
      completed: t.completed_at !== null,
    })),
    publicRecords: records && { task: task(records.business_integration_task_id), provider: records.provider, platformId: records.platform_id, summary: records.summary },
    bjl: bjl.map((r) => ({
      task: task(r.business_integration_task_id),
      kind: r.kind,
      providerRecordId: r.provider_record_id,
      filingDate: r.filing_date.toISOString(),
      status: r.status,
      amount: r.amount,
    })),
    financials: financials && {
      task: task(financials.business_integration_task_id),
      provider: financials.provider,
      statements: financials.statements,
      creditBureau: financials.credit_bureau,
    },
    verifications: verifications.map((v) => ({ task: task(v.business_integration_task_id), customer: v.customer_id, status: v.status, checks: v.checks })),
    history: changes.map((c) => ({ verification: verificationTask.get(c.verification_id), from: c.from_status, to: c.to_status, reason: c.reason })),
    current: current && { status: current.status, checks: current.checks },
    classification: classification && { customer: classification.customer_id, naics: classification.naics_code, mcc: classification.mcc_code, provider: classification.provider },
  };
}
