import { auditActOf, canAccessBusiness, TenantAccessDeniedError, unseen, type Actor, type AuthContext, type RequestOrigin } from '@kyb/auth';
import { recordAudit, type Knex } from '@kyb/db';
import type { Producer, WorkerLogger } from '@kyb/queues';
import { findAccessibleBusiness, type BusinessDirectory } from '@kyb/area-views';
import type { ReportStorage, StoredFile } from '../storage/report-storage';
import { presentReport, presentReportDetails, type ReportView } from './report.presenter';
import { InvalidDownloadLinkError, ReportNotFoundError } from './reports.errors';
import type { ReportRow, ReportStore } from './reports.store';
import type { UrlSigner } from './signed-urls';

/** Job id of a report's rendering: a second enqueue of the same report is a no-op. */
export const reportJobId = (reportId: string) => `report-${reportId}`;

/**
 * Requesting reports (E7), reading them (E6), their status by business, and downloads. A report
 * holds owners' personal data: handing out its download link (`report.download_link_issued`, the
 * caller) and serving its PDF (`report.file_served`, the link's holder: no user) are audited.
 */
export function createReportsService(deps: {
  /** Where the acts are audited (the report area's audit outbox); unaudited without. */
  db?: Knex;
  store: ReportStore;
  businesses: BusinessDirectory;
  storage: ReportStorage;
  signer: UrlSigner;
  reports: Pick<Producer<{ reportId: string }>, 'add'>;
  clock: () => Date;
  logger: Pick<WorkerLogger, 'error'>;
}) {
  const { store } = deps;

  async function visible(caller: AuthContext, reportId: string): Promise<ReportRow> {
    const report = await store.find(reportId);
    if (!report) throw unseen(caller, new ReportNotFoundError());
    if (!canAccessBusiness(caller, report.customer_id, report.business_id)) throw new TenantAccessDeniedError();
    return report;
  }

  return {
    /** E7: a REQUESTED report of the customer's business, queued for rendering. */
    async request(caller: AuthContext, customerId: string, businessId: string): Promise<{ report_id: string }> {
      const business = await findAccessibleBusiness(deps.businesses, caller, businessId);
      if (business.customerId !== customerId) throw new TenantAccessDeniedError();
      const report = await store.create({ customerId, businessId, createdBy: caller.userId, triggeredBy: caller.role, at: deps.clock() });
      // Queued after the commit. A failure to queue is logged, not answered: the report exists, and
      // the recovery sweep queues a REQUESTED report again (a 503 would make the client ask twice).
      await deps.reports
        .add({ reportId: report.id }, { jobId: reportJobId(report.id) })
        .catch((err: unknown) => deps.logger.error({ err, reportId: report.id }, 'could not queue report; the recovery sweep will'));
      return { report_id: report.id };
    },

    /** E6. */
    async get(caller: AuthContext, reportId: string): Promise<ReportView> {
      return presentReport(await visible(caller, reportId));
    },

    /** The report and, once COMPLETED, a short-lived signed URL of its PDF. */
    async download(actor: Actor, reportId: string): Promise<{ ready: boolean; report: ReportView & { pdf_url: string | null } }> {
      const report = await visible(actor, reportId);
      const ready = report.status === 'COMPLETED';
      if (ready && deps.db) {
        const act = { customerId: report.customer_id, action: 'report.download_link_issued', target: { type: 'report', id: report.id }, details: { business_id: report.business_id } };
        await recordAudit(deps.db, 'reports', [auditActOf(actor, act, deps.clock())]);
      }
      return { ready, report: { ...presentReport(report), pdf_url: ready ? deps.signer.urlFor(report.id) : null } };
    },

    /** The status of the business's latest report. */
    async statusOfBusiness(caller: AuthContext, businessId: string) {
      await findAccessibleBusiness(deps.businesses, caller, businessId);
      const report = await store.latestOfBusiness(businessId);
      if (!report) throw new ReportNotFoundError('No report has been generated for this business.');
      return { report_details: presentReportDetails(report), status: report.status };
    },

    /** The PDF behind a signed URL: the signature is the credential. */
    async file(reportId: string, expires: number, signature: string, origin: RequestOrigin): Promise<StoredFile> {
      if (!deps.signer.verify(reportId, expires, signature)) throw new InvalidDownloadLinkError();
      const report = await store.find(reportId);
      const file = report?.file_path ? await deps.storage.get(report.file_path) : undefined;
      if (!report || !file) throw new ReportNotFoundError();
      if (deps.db) {
        // The link's holder: no user, the role of a signed link.
        const act = { customerId: report.customer_id, action: 'report.file_served', target: { type: 'report', id: report.id }, details: { business_id: report.business_id, link_expires: expires } };
        await recordAudit(deps.db, 'reports', [auditActOf(origin, act, deps.clock(), { id: null, role: 'SIGNED_URL' })]);
      }
      return file;
    },
  };
}

/** The reports service type, for injection. */
export type ReportsService = ReturnType<typeof createReportsService>;
