/**
 * The monitoring section: the alerts monitoring raised between two scores of the business (open
 * and acknowledged first, newest first), or a message when there are none.
 */
import { messageBox, sectionTitle } from './blocks';
import { formatIsoUtc, orDash } from './format';
import type { Doc } from './layout';
import type { ReportAlert } from './report-data';
import { drawTable } from './tables';

/** Message shown when monitoring raised no alert for the business. */
export const NO_ALERTS_MESSAGE = 'Monitoring has raised no alert for this business.';

const SEVERITY_COLOR: Record<string, string> = { HIGH: '#b42318', MEDIUM: '#b54708', LOW: '#027a48' };

/** Section 4: monitoring alerts. */
export function drawAlertsSection(doc: Doc, alerts: ReportAlert[]): void {
  sectionTitle(doc, 'Monitoring alerts', 60);
  if (alerts.length === 0) {
    messageBox(doc, NO_ALERTS_MESSAGE);
    return;
  }
  drawTable(doc, {
    columns: [
      { header: 'Raised', weight: 2.2 },
      { header: 'Severity', weight: 1.2, bold: true },
      { header: 'Status', weight: 1.6 },
      { header: 'Alert', weight: 5.5 },
    ],
    rows: alerts.map((a) => [formatIsoUtc(a.createdAt), orDash(a.severity), orDash(a.status), `${orDash(a.title)}: ${orDash(a.summary)}`]),
    continuedLabel: 'Monitoring alerts (continued)',
    cellColor: (r, c) => (c === 1 ? SEVERITY_COLOR[alerts[r].severity] : undefined),
  });
}
