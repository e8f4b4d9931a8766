import type { Request, RequestHandler, Response } from 'express';
import type { CustomerEntry } from '@kyb/area-views';
import { access, actorOf, callerOf, requireTenant } from '@kyb/auth';
import { success, ValidationError } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { MAX_BULK_ROWS, readBulkRows } from './bulk-rows';
import type { AcceptRun } from './accept-run';
import type { AddChecks } from './add-checks';
import type { AddBusinesses, QueueEnrichment } from './add-businesses';
import type { DryRun } from './dry-run';
import type { EnrichmentGatherer } from './enrichment-gatherer';
import { addBusinessBody, asyncQuery, customerParams, runParams } from './onboarding.schemas';
import type { AddInput } from './prepare-add';
import type { ReadRun } from './read-run';

/** 7.1 success message. */
export const BULK_SUCCEEDED = 'Bulk process succeeded';
/** The answer to `async=true`: the run is accepted; GET /runs/{runId} tells how it ended. */
export const RUN_ACCEPTED = 'Bulk process started';

/** Why `dry_run=true` with `async=true` is refused, alike on E12 and bulk. */
export const DRY_RUN_NOT_ASYNC = 'query.dry_run cannot be combined with async=true: a dry run answers at once with what the request would answer';

/**
 * `dry_run=true&async=true`: refused with the same 400 on E12 and bulk (a dry run answers at once,
 * so nothing would be left to run later). Checked first, as the schema is: before anything about
 * the tenant or the customer.
 */
const dryRunNotAsync: RequestHandler = (req, _res, next) => {
  const query = req.query as { async?: unknown; dry_run?: unknown };
  if (query.async === true && query.dry_run === true) throw new ValidationError(DRY_RUN_NOT_ASYNC);
  next();
};

/**
 * Holds the added businesses' enrichment until the answer is sent ('close' follows 'finish') or its
 * caller went away ('close' alone): in a process that also runs the workers, queued work starts at
 * once and would stand between the commit and the answer (ADR 0048). Called before anything is sent.
 */
function afterAnswer(res: Response, enrichment: Pick<EnrichmentGatherer, 'afterAnswer'>): QueueEnrichment {
  const answered = new Promise<void>((resolve) => res.once('close', () => resolve()));
  return (queueing) => enrichment.afterAnswer(answered, () => void queueing());
}

/** What the onboarding routes call: the add's early checks and the use-cases of E12, bulk and runs. */
export interface OnboardingRoutesDeps {
  checks: AddChecks;
  addBusinesses: AddBusinesses;
  dryRun: DryRun;
  acceptRun: AcceptRun;
  readRun: ReadRun;
  /** Holds the enrichment of a request's businesses until its answer is sent. */
  enrichment: Pick<EnrichmentGatherer, 'afterAnswer'>;
  authenticate: RequestHandler;
}

/** E12: add a business to a customer, in the order of contract 7.1. */
export function onboardingRoutes(deps: OnboardingRoutesDeps): RouteDefinition[] {
  const { checks, authenticate } = deps;
  // Checks run before the handler and read the path as Express names it.
  const customerId = (req: Request) => String(req.params.customerID);
  // The customer is read once per request: by the first check that needs it, for the others and the handler.
  const customers = new WeakMap<Request, Promise<CustomerEntry | undefined>>();
  const customerOf = (req: Request) => {
    let customer = customers.get(req);
    if (!customer) customers.set(req, (customer = checks.customer(customerId(req))));
    return customer;
  };
  const featureSwitch: RequestHandler = async (req, _res, next) => {
    checks.assertFeatureEnabled(await customerOf(req));
    next();
  };
  const monthlyLimit: RequestHandler = async (req, _res, next) => {
    await checks.assertWithinLimit(await customerOf(req), 1);
    next();
  };
  // Bulk: the rows are read first (like JSON parsing), so the limit check can count them.
  const rowsOf = new WeakMap<Request, Array<Record<string, unknown>>>();
  const bulkRows = (req: Request) => rowsOf.get(req) ?? [];
  const readRows: RequestHandler = (req, _res, next) => {
    rowsOf.set(req, readBulkRows(req.body));
    next();
  };
  const bulkLimit: RequestHandler = async (req, _res, next) => {
    await checks.assertWithinLimit(await customerOf(req), bulkRows(req).length);
    next();
  };
  // A dry run answers what the add would; a real add's enrichment is queued once its answer is sent.
  const added = (add: AddInput, res: Response, dryRun: boolean | undefined) =>
    dryRun ? deps.dryRun(add) : deps.addBusinesses(add, afterAnswer(res, deps.enrichment));
  const errors: ErrorCases = {
    invalid: 'the limit would be passed (OnboardingLimitError), or row checks failed (Bulk process had errors)',
    tenant: 'A customer',
    forbidden: 'the monthly onboarding limit is exhausted',
  };
  const responses = { 405: { description: 'Method Not Allowed, or the PAT_120_ADD_BUSINESS feature is off' } };
  const succeeded = successEnvelope(
    { type: 'object', properties: { runId: { type: 'string', format: 'uuid' }, result: { type: 'object' } } },
    BULK_SUCCEEDED,
  );
  return [
    defineRoute({
      method: 'post',
      path: '/businesses/customers/:customerID/bulk',
      idempotent: true,
      summary: `Add up to ${MAX_BULK_ROWS} businesses: a JSON array of E12 rows, or CSV (text/csv) with a header row of the same columns`,
      description: 'All rows are stored or none: any failed row fails the run, with every failed row listed by index.',
      tags: ['Businesses'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:create']),
      schemas: { params: customerParams, query: asyncQuery },
      checks: [dryRunNotAsync, requireTenant(), featureSwitch, readRows, bulkLimit],
      errors,
      responses: { 200: { description: 'Every row stored: result keyed by row index', schema: succeeded }, ...responses },
      handler: async (req, res, { params, query }) => {
        // Rows not checked yet: each is checked against the E12 schema (checkSchema).
        const rows = bulkRows(req);
        if (query.async) {
          res.json(success(RUN_ACCEPTED, await deps.acceptRun({ actor: actorOf(req), customerId: params.customerId, rows })));
          return;
        }
        const add: AddInput = { actor: { by: actorOf(req) }, customerId: params.customerId, rows, checkSchema: true, customer: await customerOf(req) };
        res.json(success(BULK_SUCCEEDED, await added(add, res, query.dry_run)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/businesses/customers/:customerID',
      idempotent: true,
      summary: 'Add a business to a customer (E12): flat columns as in a bulk import row',
      tags: ['Businesses'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:create']),
      schemas: { params: customerParams, query: asyncQuery, body: addBusinessBody },
      // Order of issue 14: the tenant before anything about the target customer (switch, limit).
      checks: [dryRunNotAsync, requireTenant(), featureSwitch, monthlyLimit],
      errors,
      responses: {
        200: { description: 'Stored: runId and result["0"] with the created business (TIN and SSNs masked)', schema: succeeded },
        ...responses,
      },
      // With or without async=true: stored before the answer, which carries its id; enrichment runs in the background.
      handler: async (req, res, { params, query, body }) => {
        const add: AddInput = { actor: { by: actorOf(req) }, customerId: params.customerId, rows: [body], checkSchema: false, customer: await customerOf(req) };
        res.json(success(BULK_SUCCEEDED, await added(add, res, query.dry_run)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/runs/:runID',
      summary: 'How an onboarding run ended: PENDING, SUCCEEDED (business_ids) or FAILED (failed_rows, failure_reason)',
      tags: ['Businesses'],
      auth: true,
      // The run's tenant is checked by the service (unknown and another tenant's answer alike).
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']),
      schemas: { params: runParams },
      errors: { tenant: 'An unknown run, or one', notFound: 'Run not found (to an ADMIN)' },
      responses: { 200: { description: 'The run', schema: successEnvelope({ type: 'object' }, 'Success') } },
      handler: async (req, res, { params }) => {
        res.json(success('Success', await deps.readRun(callerOf(req), params.runId)));
      },
    }),
  ];
}
