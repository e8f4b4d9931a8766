import type { RequestHandler } from 'express';
import { access, actorOf, callerOf, originOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { businessParams, downloadSchema, fileQuery, generateParams, reportParams, reportSchema, statusSchema } from './reports.schemas';
import type { ReportsService } from './reports.service';

/** Messages of the report operations (E6, E7 and the published samples). */
export const REPORT_MESSAGES = {
  started: 'Report generation started successfully',
  fetched: 'Report details fetched successfully',
  ready: 'Report is ready to download',
  notReady: 'Report is not ready to download',
  status: 'Report status fetched successfully',
} as const;

/** The standard errors of a report route: another tenant's customer, business or report is refused, and what is not found. */
const errors = (notFound: string): ErrorCases => ({ tenant: 'A customer, business or report', notFound });

/** E6, E7, downloads and the status of a business's latest report. */
export function reportRoutes(deps: { reports: ReportsService; authenticate: RequestHandler }): RouteDefinition[] {
  const { reports, authenticate } = deps;
  // Reads (a download link is a read too): the report's or business's tenant is checked by the service, after the schema.
  const readers = access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']);
  return [
    defineRoute({
      method: 'post',
      path: '/reports/customers/:customerID/businesses/:businessID',
      idempotent: true,
      summary: 'Generate a 360 report for a business of a customer (E7)',
      tags: ['Reports'],
      auth: true,
      // Spends provider or rendering work: the subrole needs businesses:write (issue 14, least privilege).
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:write']),
      schemas: { params: generateParams },
      checks: [requireTenant('customerID')],
      responses: {
        200: {
          description: 'The report is REQUESTED and queued',
          schema: successEnvelope({ type: 'object', required: ['report_id'], properties: { report_id: { type: 'string', format: 'uuid' } } }, REPORT_MESSAGES.started),
        },
      },
      errors: errors('Business not found (BusinessApiError)'),
      handler: async (req, res, { params }) => {
        res.json(success(REPORT_MESSAGES.started, await reports.request(callerOf(req), params.customerId, params.businessId)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reports/:reportID',
      summary: 'Get a report (E6)',
      tags: ['Reports'],
      auth: true,
      ...readers,
      schemas: { params: reportParams },
      errors: errors('Report not found (ReportApiError)'),
      responses: { 200: { description: 'The report of contract 2.6', schema: successEnvelope(reportSchema, REPORT_MESSAGES.fetched) } },
      handler: async (req, res, { params }) => {
        res.json(success(REPORT_MESSAGES.fetched, await reports.get(callerOf(req), params.reportId)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/reports/:reportID/download',
      summary: "A report with a short-lived signed URL of its PDF (null until it is COMPLETED)",
      tags: ['Reports'],
      auth: true,
      ...readers,
      schemas: { params: reportParams },
      errors: errors('Report not found (ReportApiError)'),
      responses: { 200: { description: 'The report and pdf_url', schema: successEnvelope(downloadSchema) } },
      handler: async (req, res, { params }) => {
        const { ready, report } = await reports.download(actorOf(req), params.reportId);
        res.json(success(ready ? REPORT_MESSAGES.ready : REPORT_MESSAGES.notReady, report));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reports/businesses/:businessID/status',
      summary: "The status of a business's latest report",
      tags: ['Reports'],
      auth: true,
      ...readers,
      schemas: { params: businessParams },
      responses: {
        200: { description: 'The latest report and its status', schema: successEnvelope(statusSchema, REPORT_MESSAGES.status) },
      },
      errors: errors('Business not found (BusinessApiError), or no report yet (ReportApiError)'),
      handler: async (req, res, { params }) => {
        res.json(success(REPORT_MESSAGES.status, await reports.statusOfBusiness(callerOf(req), params.businessId)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reports/:reportID/file',
      summary: 'The PDF behind a signed download URL (no token: the signature is the credential)',
      tags: ['Reports'],
      auth: false,
      schemas: { params: reportParams, query: fileQuery },
      responses: {
        200: { description: 'application/pdf' },
      },
      errors: { forbidden: 'The link is not ours or has expired (SignedUrlError)', notFound: 'Report not found, or not rendered (ReportApiError)' },
      handler: async (req, res, { params, query }) => {
        const file = await reports.file(params.reportId, query.expires, query.signature, originOf(req));
        res
          .type(file.contentType)
          .set('Content-Disposition', `attachment; filename="business-report-${params.reportId}.pdf"`)
          .set('Cache-Control', 'private, no-store')
          .send(file.content);
      },
    }),
  ];
}
