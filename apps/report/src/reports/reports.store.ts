import { preparedRead, type Knex } from '@kyb/db';
import { ENDED_REPORT_COLUMNS, endReport } from './report-events';

/** States of a report. */
export type ReportStatus = 'REQUESTED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/** A report row joined with its type. */
export interface ReportRow {
  id: string;
  report_type_id: number;
  customer_id: string;
  business_id: string;
  status: ReportStatus;
  log: string | null;
  created_by: string;
  triggered_by: string;
  triggered_id: string;
  file_path: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
  type_code: string;
  type_label: string;
}

const REPORTS = 'reports.reports';

/** SQL of reports, including the lease that keeps two workers from rendering one report. */
export function createPgReportStore(db: Knex) {
  const withType = () =>
    db(REPORTS)
      .join('reports.report_types as rt', 'rt.id', `${REPORTS}.report_type_id`)
      .select(`${REPORTS}.*`, 'rt.code as type_code', 'rt.label as type_label');
  const byId = preparedRead<ReportRow, 'id'>(db, ['id'], (v) => withType().where(`${REPORTS}.id`, v.id).first());
  const latestOf = preparedRead<ReportRow, 'businessId'>(db, ['businessId'], (v) =>
    withType().where(`${REPORTS}.business_id`, v.businessId).orderBy(`${REPORTS}.created_at`, 'desc').orderBy(`${REPORTS}.id`, 'desc').first(),
  );
  return {
    async create(input: { customerId: string; businessId: string; createdBy: string; triggeredBy: string; at: Date }): Promise<ReportRow> {
      const [{ id }] = await db(REPORTS)
        .insert({
          report_type_id: 1,
          customer_id: input.customerId,
          business_id: input.businessId,
          created_by: input.createdBy,
          triggered_by: input.triggeredBy,
          triggered_id: input.customerId,
          created_at: input.at,
          updated_at: input.at,
        })
        .returning('id');
      return withType().where(`${REPORTS}.id`, id).first();
    },
    async find(id: string): Promise<ReportRow | undefined> {
      return (await byId({ id }))[0];
    },
    async latestOfBusiness(businessId: string): Promise<ReportRow | undefined> {
      return (await latestOf({ businessId }))[0];
    },
    /**
     * Takes the report for `owner` until `until`: only a REQUESTED report, or one whose last
     * worker's lease lapsed (it died mid-render). Answers undefined when another worker holds it
     * or it has ended.
     */
    async claim(id: string, owner: string, at: Date, until: Date): Promise<ReportRow | undefined> {
      const [row] = await db(REPORTS)
        .where({ id })
        .andWhere((q) => q.where({ status: 'REQUESTED' }).orWhere((l) => l.where({ status: 'IN_PROGRESS' }).andWhere('lease_expires_at', '<', at)))
        .update({ status: 'IN_PROGRESS', lease_owner: owner, lease_expires_at: until, attempts: db.raw('attempts + 1'), updated_at: at })
        .returning('id');
      return row ? this.find(id) : undefined;
    },
    /** When the current lease of the report lapses, if one is held. */
    async leaseExpiry(id: string): Promise<Date | undefined> {
      return (await db(REPORTS).where({ id }).first<{ lease_expires_at: Date | null } | undefined>('lease_expires_at'))?.lease_expires_at ?? undefined;
    },
    /** COMPLETED with its file, only if `owner` still holds the lease, with report.completed; answers whether it did. */
    async complete(id: string, owner: string, filePath: string, at: Date): Promise<boolean> {
      return endReport(db, 'report.completed', (trx) =>
        trx(REPORTS)
          .where({ id, lease_owner: owner, status: 'IN_PROGRESS' })
          .update({ status: 'COMPLETED', file_path: filePath, log: null, lease_owner: null, lease_expires_at: null, completed_at: at, updated_at: at })
          .returning(ENDED_REPORT_COLUMNS),
      );
    },
    /** Gives the report back for a retry, keeping why this attempt failed. */
    async release(id: string, owner: string, log: string, at: Date): Promise<void> {
      await db(REPORTS).where({ id, lease_owner: owner }).update({ status: 'REQUESTED', log, lease_owner: null, lease_expires_at: null, updated_at: at });
    },
    /** FAILED with `log` saying why, only if `owner` still holds the lease, with report.failed. */
    async fail(id: string, owner: string, log: string, at: Date): Promise<void> {
      await endReport(db, 'report.failed', (trx) =>
        trx(REPORTS)
          .where({ id, lease_owner: owner, status: 'IN_PROGRESS' })
          .update({ status: 'FAILED', log, lease_owner: null, lease_expires_at: null, completed_at: at, updated_at: at })
          .returning(ENDED_REPORT_COLUMNS),
      );
    },
  };
}

/** The report store type, for injection. */
export type ReportStore = ReturnType<typeof createPgReportStore>;
