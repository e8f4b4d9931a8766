import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** The log of a report whose PDF was deleted because an owner of its business was erased after it was rendered. */
export const OWNER_ERASED_LOG = "The rendered PDF was deleted because an owner's personal data was erased after it was rendered; request a new report.";

/**
 * The file of report `r.id` as the renderer names it (`reportFilePath`): a render that ended after
 * its report was taken from it left a file that no row points to, and it goes too.
 */
const FILE_PATH = `'reports/' || id || '.pdf'`;

/** `text` as an SQL string literal (for a function's body, where no value can be bound). */
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The report area's part of erasure (docs/adr/0043), called in the erasing area's transaction:
 * - `reports.erase_owner(customer, business, owner)`: the business's rendered PDFs (which print
 *   the owners) are deleted; their reports end FAILED with {@link OWNER_ERASED_LOG}, so a new one
 *   is requested, rendered without the owner; a render under way is taken back to REQUESTED;
 * - `reports.erase_customer(customer)`: every PDF of the tenant is deleted; reports not yet
 *   rendered end FAILED with the reason.
 * Each returns the rows it changed.
 */
export const erasureFunctions: Migration = {
  name: '20261202_0007_erasure_functions',
  async up(db: Knex) {
    await db.raw(`create function reports.erase_owner(p_customer uuid, p_business uuid, p_owner uuid) returns integer
      language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
      declare changed integer; n integer;
      begin
        delete from reports.report_files where path in (select ${FILE_PATH} from reports.reports where business_id = p_business and customer_id = p_customer);
        update reports.reports set status = 'FAILED', log = ${sqlText(OWNER_ERASED_LOG)}, file_path = null, updated_at = now()
          where business_id = p_business and customer_id = p_customer and file_path is not null;
        get diagnostics n = row_count; changed := n;
        -- A render under way may have read the owner: it renders again (its lease is taken, so it cannot complete).
        update reports.reports set status = 'REQUESTED', lease_owner = null, lease_expires_at = null, log = null, updated_at = now()
          where business_id = p_business and customer_id = p_customer and status = 'IN_PROGRESS';
        get diagnostics n = row_count;
        return changed + n;
      end $$`);
    await db.raw(`create function reports.erase_customer(p_customer uuid) returns integer
      language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
      declare changed integer := 0; n integer;
      begin
        delete from reports.report_files where path in (select ${FILE_PATH} from reports.reports where customer_id = p_customer);
        get diagnostics n = row_count; changed := changed + n;
        update reports.reports set file_path = null, log = case when status in ('REQUESTED', 'IN_PROGRESS') then 'The customer was erased.' else null end,
            status = case when status in ('REQUESTED', 'IN_PROGRESS') then 'FAILED' else status end, updated_at = now()
          where customer_id = p_customer and (file_path is not null or log is not null or status in ('REQUESTED', 'IN_PROGRESS'));
        get diagnostics n = row_count; changed := changed + n;
        delete from reports.idempotency_keys where lower(scope) = 'customer:' || p_customer::text;
        get diagnostics n = row_count; changed := changed + n;
        return changed;
      end $$`);
  },
  async down(db: Knex) {
    await db.raw('drop function if exists reports.erase_owner(uuid, uuid, uuid)');
    await db.raw('drop function if exists reports.erase_customer(uuid)');
  },
};
