import type { Knex } from '@kyb/db';

/** The integration area's read module of its enrichment tasks (id, business, status, when finished), created by its migrations. */
export const ENRICHMENT_TASK_DIRECTORY_VIEW = 'integration.enrichment_task_directory';

/** The columns of {@link ENRICHMENT_TASK_DIRECTORY_VIEW}, in order (the integration area's tests check its view has them). */
export const ENRICHMENT_TASK_DIRECTORY_COLUMNS = ['id', 'business_id', 'status', 'completed_at'] as const;

/**
 * For tests of areas that read enrichment tasks (the score area's recovery sweep): a table with
 * the view's contract, so they run without the integration area's migrations.
 */
export async function createEnrichmentTaskDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists integration');
  await db.raw(`create table if not exists ${ENRICHMENT_TASK_DIRECTORY_VIEW} (id uuid primary key default gen_random_uuid(),
    business_id uuid not null, status text not null, completed_at timestamptz)`);
  return {
    /** Records a task as the integration area would publish it; answers its id. */
    async put(task: { id?: string; businessId: string; status: 'PENDING' | 'IN_PROGRESS' | 'SUCCEEDED' | 'FAILED'; completedAt?: Date | null }): Promise<string> {
      const [{ id }] = await db(ENRICHMENT_TASK_DIRECTORY_VIEW)
        .insert({ ...(task.id ? { id: task.id } : {}), business_id: task.businessId, status: task.status, completed_at: task.completedAt ?? null })
        .returning('id');
      return id;
    },
  };
}
