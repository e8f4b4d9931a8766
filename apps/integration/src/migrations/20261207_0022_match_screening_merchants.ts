import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

const COLUMNS_0021 = 'id, customer_id, business_id, status, provider, match_result, created_at, completed_at, updated_at';
const NEWEST = 'from integration.screenings order by business_id, created_at desc, id desc';

/**
 * The matched merchants of a business's newest MATCH screening, for the 360 report (issue 45):
 * `matched_merchants`, the outcome's merchant entry as stored (how each field compared, and the
 * terminated merchant with its reason code and text, termination date and listing ICA) when the
 * screening COMPLETED with a terminated merchant, else `[]`. An outcome holds one entry today (the
 * strongest; the others stay in the vendor's sealed answer); the array leaves room for more.
 * The principals (owners' names) stay unpublished. A tenant's erasure empties the result, and so the entries.
 */
export const matchScreeningMerchants: Migration = {
  name: '20261207_0022_match_screening_merchants',
  async up(db: Knex) {
    await db.raw(`create or replace view integration.match_screening_directory as
      select distinct on (business_id) ${COLUMNS_0021},
             case when status = 'COMPLETED' and jsonb_typeof(result::jsonb #> '{merchant,terminatedMerchant}') = 'object'
                  then jsonb_build_array(result::jsonb -> 'merchant') else '[]'::jsonb end as matched_merchants
      ${NEWEST}`);
  },
  async down(db: Knex) {
    // A view cannot lose a column in place: it is made again as 0021 made it.
    await db.raw('drop view integration.match_screening_directory');
    await db.raw(`create view integration.match_screening_directory as select distinct on (business_id) ${COLUMNS_0021} ${NEWEST}`);
  },
};
