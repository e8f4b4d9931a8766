import type { ReportRow } from './reports.store';

/** A report as contract 2.6 shows it (E6), with the business and customer it is about. */
export function presentReport(row: ReportRow) {
  return {
    id: row.id,
    report_type_id: row.report_type_id,
    status: row.status,
    log: row.log,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    updated_at: row.updated_at.toISOString(),
    triggered_by: row.triggered_by,
    triggered_id: row.triggered_id,
    file_path: row.file_path,
    report_type: { core_report_types: { id: row.report_type_id, code: row.type_code, label: row.type_label } },
    business_id: row.business_id,
    customer_id: row.customer_id,
  };
}

/** The E6 payload type. */
export type ReportView = ReturnType<typeof presentReport>;

/** `report_details` of the status-by-business answer, as the published sample shows it. */
export function presentReportDetails(row: ReportRow) {
  return {
    id: row.id,
    report_type_id: row.report_type_id,
    log: row.log,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    updated_at: row.updated_at.toISOString(),
    triggered_by: row.triggered_by,
    triggered_id: row.triggered_id,
    status: row.status,
  };
}
