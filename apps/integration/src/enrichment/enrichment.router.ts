import type { RequestHandler } from 'express';
import { access, callerOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { toListQuery, type JsonSchema } from '@kyb/validation';
import { bjlFactsSchema } from '../facts/bjl-facts.schemas';
import {
  bjlParams,
  listTasksQuery,
  publicRecordsParams,
  publicRecordsSchema,
  taskListSchema,
  taskSchema,
  type TaskListFilter,
  type TaskSort,
} from './enrichment.schemas';
import type { EnrichmentService } from './enrichment.service';
import type { TaskView } from './task.presenter';

/** E1's message, as the published sample shows it. */
export const PUBLIC_RECORDS_FETCHED = 'Success';
/** E1 while the records are still being fetched. */
export const PUBLIC_RECORDS_PENDING = 'Public records are still being fetched.';
/** E11's message (ARCHITECTURE.md). */
export const BJL_FETCHED = 'Business BJL details fetched successfully';

/** A business named by the path: another tenant's is refused, an unknown one not found. */
const errors: ErrorCases = { tenant: 'A business', notFound: 'Business not found (BusinessApiError)' };

// E1 and E11 alike while the records are still being fetched, or when there are none.
const stillFetching = {
  description: 'Still being fetched',
  schema: successEnvelope(
    { type: 'object', properties: { public_records: { type: 'null' }, business_integration_task: { oneOf: [taskSchema, { type: 'null' }] } } },
    PUBLIC_RECORDS_PENDING,
  ),
};
const notFetched: ErrorCases = {
  ...errors,
  notFound: 'Business not found (BusinessApiError), no records yet (PublicRecordsNotFoundError) or the fetch failed (PublicRecordsUnavailableError)',
};
const pendingBody = (task: TaskView | null) => success(PUBLIC_RECORDS_PENDING, { public_records: null, business_integration_task: task });

const taskEnvelope = (message: string): JsonSchema =>
  successEnvelope({ type: 'object', properties: { business_integration_task: taskSchema } }, message);

/** E1, E11, and the enrichment tasks behind them. */
export function enrichmentRoutes(deps: { enrichment: EnrichmentService; authenticate: RequestHandler }): RouteDefinition[] {
  const { enrichment, authenticate } = deps;
  // Reads: the business's tenant (an APPLICANT's invited businesses) is checked by the service, after the schema.
  const readers = access(authenticate, ['ADMIN', 'CUSTOMER', 'APPLICANT'], ['businesses:read']);
  return [
    defineRoute({
      method: 'get',
      path: '/business/:businessID/public-records',
      summary: 'Get public records (E1)',
      description:
        '200 with the latest public records. While the first fetch is still waiting or running: 202 with `public_records: null` and the task ' +
        '(null while its job waits for a worker). When it failed: 404 PublicRecordsUnavailableError with the task and its reason; ' +
        'for a business older than 7 days whose records were never requested: 404 PublicRecordsNotFoundError.',
      tags: ['Public Records'],
      auth: true,
      ...readers,
      schemas: { params: publicRecordsParams },
      responses: {
        200: {
          description: 'The public records of contract 2.2',
          schema: successEnvelope({ type: 'object', required: ['public_records'], properties: { public_records: publicRecordsSchema } }, PUBLIC_RECORDS_FETCHED),
        },
        202: stillFetching,
      },
      errors: notFetched,
      handler: async (req, res, { params }) => {
        const answer = await enrichment.publicRecords(callerOf(req), params.businessId);
        if (answer.ready) res.json(success(PUBLIC_RECORDS_FETCHED, { public_records: answer.publicRecords }));
        else res.status(202).json(pendingBody(answer.task));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/facts/business/:businessId/bjl',
      summary: 'Bankruptcies, judgements and liens facts (E11)',
      description:
        '200 with the six facts once public records were fetched. Until then E11 answers as E1 does (its body too): while the first fetch is ' +
        'still waiting or running, 202 with `public_records: null` and the task (null while its job waits for a worker); when it failed, 404 ' +
        'PublicRecordsUnavailableError with the task and its reason; for a business older than 7 days whose records were never requested, 404 ' +
        'PublicRecordsNotFoundError.',
      tags: ['Facts'],
      auth: true,
      ...readers,
      schemas: { params: bjlParams },
      responses: {
        200: { description: 'The six facts of contract 2.9', schema: successEnvelope(bjlFactsSchema, BJL_FETCHED) },
        202: stillFetching,
      },
      errors: notFetched,
      handler: async (req, res, { params }) => {
        const answer = await enrichment.bjlFacts(callerOf(req), params.businessId);
        if (answer.ready) res.json(success(BJL_FETCHED, answer.facts));
        else res.status(202).json(pendingBody(answer.task));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/business/:businessID/refresh',
      idempotent: true,
      summary: "Fetch a business's public records again",
      description: 'Answers 202 with the new task, or with the task already waiting or running (no second one is started).',
      tags: ['Public Records'],
      auth: true,
      // Spends provider or rendering work: the subrole needs businesses:write (issue 14, least privilege).
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:write']),
      schemas: { params: publicRecordsParams },
      responses: {
        202: { description: 'The task that will fetch the records', schema: taskEnvelope('Enrichment requested successfully') },
      },
      errors: { ...errors, unavailable: 'The queue did not take the job (QueueUnavailableError); nothing was started' },
      handler: async (req, res, { params }) => {
        const { created, task } = await enrichment.refresh(callerOf(req), params.businessId);
        const message = created ? 'Enrichment requested successfully' : 'Enrichment is already in progress';
        res.status(202).json(success(message, { business_integration_task: task }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/business/:businessID/integration-tasks',
      summary: "A business's integration tasks, newest first",
      description: 'Query: page, items_per_page (max 100), pagination=false for all, sort[created_at|updated_at|status]=asc|desc, filter[status]=...',
      tags: ['Public Records'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']),
      schemas: { params: publicRecordsParams, query: listTasksQuery },
      errors,
      responses: { 200: { description: 'One page of tasks', schema: successEnvelope(taskListSchema, 'Success') } },
      handler: async (req, res, { params, query }) => {
        const list = toListQuery<TaskSort, TaskListFilter, never>(query, ['created_at', 'desc']);
        res.json(success('Success', await enrichment.listTasks(callerOf(req), { ...list, businessId: params.businessId })));
      },
    }),
  ];
}
