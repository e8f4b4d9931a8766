/** The integration area's read module of its enrichment tasks (id, business, status, when finished), created by its migrations. */
export const ENRICHMENT_TASK_DIRECTORY_VIEW = 'integration.enrichment_task_directory';

/** The columns of {@link ENRICHMENT_TASK_DIRECTORY_VIEW}, in order (the integration area's tests check its view has them). */
export const ENRICHMENT_TASK_DIRECTORY_COLUMNS = ['id', 'business_id', 'status', 'completed_at'] as const;
