import type { TaskStatus } from './enrichment.schemas';

/** An integration task row: one request for a business's public records. */
export interface TaskRow {
  id: string;
  business_id: string;
  customer_id: string;
  job_id: string;
  kind: string;
  status: TaskStatus;
  provider: string;
  attempts: number;
  failure_reason: string | null;
  requested_by: string | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}
