import type { Knex } from 'knex';
import { dropErasureFunctionSql, erasureFunctionSql, tenantAnswersDeletedSql, type Migration } from '@kyb/db';

/** The log of a report whose PDF was deleted, or whose rendering was stopped, because an owner of its business was erased. */
export const OWNER_ERASED_LOG = "The rendered PDF was deleted (or its rendering stopped) because an owner's personal data was erased; request a new report.";

/**
 * The file of a report as the renderer names it (`reportFilePath`): a render that ended after its
 * report was taken from it left a file that no row points to, and it goes too.
 */
const FILE_PATH = `'reports/' || id || '.pdf'`;
const OF_BUSINESS = 'business_id = p_business and customer_id = p_customer';
const WAITING = `status in ('REQUESTED', 'IN_PROGRESS')`;

/** `text` as an SQL string literal (for a function's body, where no value can be bound). */
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The report area's part of erasure (docs/adr/0043), called in the erasing area's transaction:
 * - `reports.erase_owner(customer, business, owner)`: the business's rendered PDFs (which print
 *   the owners) are deleted; their reports, and one being rendered (which then cannot complete, and
 *   whose worker removes the file it wrote), end FAILED with {@link OWNER_ERASED_LOG}: a new report
 *   is rendered without the owner;
 * - `reports.erase_customer(customer)`: every PDF of the tenant is deleted; reports not yet
 *   rendered end FAILED with the reason.
 */
export const erasureFunctions: Migration = {
  name: '20261202_0007_erasure_functions',
  async up(db: Knex) {
    await db.raw(
      erasureFunctionSql('reports', 'erase_owner', [
        `delete from reports.report_files where path in (select ${FILE_PATH} from reports.reports where ${OF_BUSINESS})`,
        // A render under way may have read the owner: it ends FAILED too, and its worker, finding it so, removes its file.
        `update reports.reports set status = 'FAILED', log = ${sqlText(OWNER_ERASED_LOG)}, file_path = null, updated_at = now()
          where ${OF_BUSINESS} and (file_path is not null or status = 'IN_PROGRESS')`,
      ]),
    );
    await db.raw(
      erasureFunctionSql('reports', 'erase_customer', [
        `delete from reports.report_files where path in (select ${FILE_PATH} from reports.reports where customer_id = p_customer)`,
        `update reports.reports set file_path = null, updated_at = now(),
            log = case when ${WAITING} then 'The customer was erased.' else log end,
            status = case when ${WAITING} then 'FAILED' else status end
          where customer_id = p_customer and (file_path is not null or ${WAITING})`,
        tenantAnswersDeletedSql('reports'),
      ]),
    );
  },
  async down(db: Knex) {
    await db.raw(dropErasureFunctionSql('reports', 'erase_owner'));
    await db.raw(dropErasureFunctionSql('reports', 'erase_customer'));
  },
};
