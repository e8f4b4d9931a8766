import type { TaskRow } from './integration-tasks.store';

/** An integration task as the API shows it. */
export interface TaskView {
  id: string;
  business_id: string;
  kind: string;
  status: TaskRow['status'];
  provider: string;
  attempts: number;
  /** Why the task failed, or why its last attempt failed while it is retried. */
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
}

/** A task row without its queue internals. */
export function presentTask(row: TaskRow): TaskView {
  return {
    id: row.id,
    business_id: row.business_id,
    kind: row.kind,
    status: row.status,
    provider: row.provider,
    attempts: row.attempts,
    failure_reason: row.failure_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    started_at: row.started_at ? row.started_at.toISOString() : null,
    completed_at: row.completed_at ? row.completed_at.toISOString() : null,
  };
}
