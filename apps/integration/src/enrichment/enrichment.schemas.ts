import { listPageSchema, listQuerySchema, uuidParams, type JsonSchema } from '@kyb/validation';

/** The states of an integration task. */
export const TASK_STATUSES = ['PENDING', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Sortable and filterable fields of the task list. */
export const TASK_SORT_FIELDS = ['created_at', 'updated_at', 'status'] as const;
export type TaskSort = (typeof TASK_SORT_FIELDS)[number];
/** The filters of a list of tasks. */
export type TaskListFilter = { status?: TaskStatus };

/** A page of a business's tasks. */
export interface TaskListQuery {
  businessId: string;
  page: number;
  itemsPerPage: number;
  paginate: boolean;
  sort: Array<[TaskSort, 'asc' | 'desc']>;
  filter: TaskListFilter;
}

const text: JsonSchema = { type: ['string', 'null'] };
const timestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };
const numbers = (names: string[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'number' }])),
  required: names,
});

/** E1 path. */
export const publicRecordsParams = uuidParams('businessID');

/** E11 path. */
export const bjlParams = uuidParams('businessId');

/** An integration task. */
export const taskSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    business_id: { type: 'string', format: 'uuid' },
    kind: { type: 'string', enum: ['PUBLIC_RECORDS'] },
    status: { type: 'string', enum: ['PENDING', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED'] },
    provider: { type: 'string' },
    attempts: { type: 'integer' },
    failure_reason: { ...text, description: 'why the task failed, or why its last attempt failed while it is retried' },
    created_at: timestamp,
    updated_at: timestamp,
    started_at: timestamp,
    completed_at: timestamp,
  },
};

/** Listing a business's integration tasks. */
export const listTasksQuery = listQuerySchema({
  sortFields: TASK_SORT_FIELDS,
  filters: { status: { type: 'string', enum: TASK_STATUSES } },
  searchFields: [],
});

/** A page of tasks. */
export const taskListSchema: JsonSchema = listPageSchema(taskSchema);

const REVIEW_STATISTICS = [
  'count_of_total_reviewers_all_time', 'count_of_duplicate_reviewers_all_time', 'min_rating_all_time', 'median_rating_all_time',
  'max_rating_all_time', 'standard_deviation_of_rating_all_time', 'variance_of_rating_all_time', 'count_of_0_or_1_star_ratings_all_time',
  'count_of_2_star_ratings_all_time', 'count_of_3_star_ratings_all_time', 'count_of_4_star_ratings_all_time', 'count_of_5_star_ratings_all_time',
  'percentage_of_0_or_1_star_ratings_all_time', 'percentage_of_2_star_ratings_all_time', 'percentage_of_3_star_ratings_all_time',
  'percentage_of_4_star_ratings_all_time', 'percentage_of_5_star_ratings_all_time', 'count_of_reviews_containing_alert_words_all_time',
  'percentage_of_reviews_containing_alert_words_all_time',
];

const RESOLUTIONS = ['answered', 'resolved', 'unanswered', 'unresolved', 'other'];
const COMPLAINT_STATISTICS = [
  'count_of_complaints_all_time', 'count_of_consumer_financial_protection_bureau_complaints_all_time',
  'percentage_of_complaints_containing_alert_words_all_time', 'count_of_federal_trade_commission_complaints_all_time',
  ...RESOLUTIONS.flatMap((s) => [`count_of_${s}_resolved_status_all_time`, `percentage_of_${s}_resolved_status_all_time`]),
];

/** `data.public_records` of E1 (contract 2.2), spellings as the contract has them. */
export const publicRecordsSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    business_integration_task_id: { type: 'string', format: 'uuid' },
    number_of_business_liens: { type: 'string', pattern: '^[0-9]+$' },
    most_recent_business_lien_filing_date: timestamp,
    most_recent_business_lien_status: { type: ['string', 'null'], enum: ['active', 'released', null] },
    number_of_bankruptcies: { type: 'string', pattern: '^[0-9]+$' },
    most_recent_bankruptcy_filing_date: timestamp,
    number_of_judgement_fillings: { type: 'string', pattern: '^[0-9]+$' },
    most_recent_judgement_filling_date: timestamp,
    corporate_filing_business_name: text,
    corporate_filing_filling_date: timestamp,
    corporate_filing_incorporation_state: text,
    corporate_filing_corporation_type: text,
    corporate_filing_resgistration_type: text,
    corporate_filing_secretary_of_state_status: text,
    corporate_filing_secretary_of_state_status_date: timestamp,
    average_rating: { type: 'string', description: 'decimal text' },
    created_at: timestamp,
    updated_at: timestamp,
    monthly_rating: { type: 'string', description: 'decimal text' },
    monthly_rating_date: timestamp,
    official_website: text,
    reviews: {
      type: 'array',
      items: { type: 'object', properties: { source: { type: 'string' }, count: { type: 'integer' }, percentage: { type: 'string' } } },
    },
    review_statistics: numbers(REVIEW_STATISTICS),
    compalint_statistics: numbers(COMPLAINT_STATISTICS),
    additional_records: {
      type: 'object',
      properties: Object.fromEntries(
        ['minority_owned_enterprise', 'woman_owned_enterprise', 'veteran_owned_enterprise', 'number_of_employees'].map((k) => [
          k,
          { type: 'string', description: '`N/A` when unavailable' },
        ]),
      ),
    },
  },
};
