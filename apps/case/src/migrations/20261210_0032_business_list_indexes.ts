import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * The indexes of a customer's business list (issue 46, ADR 0056): one per sort it offers, each
 * leading with the customer and ending with the id that breaks ties, in the keyset order of
 * businesses-list.sql.ts (a scan in either direction serves asc and desc); one for the monitoring
 * filter in the default sort; and trigram indexes (pg_trgm) for `search[name]` and
 * `search[external_id]`, which serve the search's `ilike '%text%'` as it is. Sorted by status, the
 * list reads each status in id order (`businesses_list_id`, with the verification probed per row).
 *
 * None is partial: without statistics (autovacuum is off on these machines) a partial index on
 * `deleted_at is null` looks as small as one row and generic plans chose one for reads by id (ADR
 * 0032). Each holds what the list matches by instead (`LISTED`: deleted_at, monitoring, name,
 * external id), so a page's businesses are chosen, filtered and searched in the index alone (an
 * index-only scan once the table is vacuumed). That also keeps `businesses_created`, whose order
 * the default sort shares but which holds every customer's businesses, dearer to the planner: read
 * with a search through it, a customer's newest page walked every newer business of the others.
 * `businesses_list_created` begins as `businesses_customer` did, which it replaces.
 *
 * pg_trgm is installed in `public` if the database lacks it (a trusted extension, one per database
 * whichever area needs it; where it is already, in whichever schema, it is used there), and stays
 * when this runs down. Not concurrently: migrations run in a
 * transaction, so a database of a million businesses takes writes to cases.businesses again once
 * the indexes are built (about 40 s at 1.1 million on this machine; ADR 0056 says how to build them
 * beforehand without the lock).
 */
/** What the list matches a business by, beside its customer: held by every index of a sort, so any filter but status and any search is checked in the index. */
const LISTED = 'deleted_at, is_monitoring_enabled, name, external_id';

/** Where the trigram operator classes are: the schema pg_trgm was installed in (named in the definitions as this, replaced when they run). */
const TRIGRAMS = '{pg_trgm}';

export const BUSINESS_LIST_INDEXES: ReadonlyArray<readonly [string, string]> = [
  ['businesses_list_created', `btree (customer_id, created_at, id) include (${LISTED})`],
  ['businesses_list_updated', `btree (customer_id, updated_at, id) include (${LISTED})`],
  ['businesses_list_name', `btree (customer_id, name, id) include (${LISTED})`],
  ['businesses_list_external_id', `btree (customer_id, (external_id is null), coalesce(external_id, ''), id) include (${LISTED})`],
  ['businesses_list_id', `btree (customer_id, id) include (${LISTED})`],
  ['businesses_list_monitoring', `btree (customer_id, is_monitoring_enabled, created_at, id) include (${LISTED})`],
  ['businesses_name_trigrams', `gin (name ${TRIGRAMS}.gin_trgm_ops)`],
  ['businesses_external_id_trigrams', `gin (external_id ${TRIGRAMS}.gin_trgm_ops)`],
];

export const businessListIndexes: Migration = {
  name: '20261210_0032_business_list_indexes',
  async up(db: Knex) {
    await db.raw('create extension if not exists pg_trgm with schema public');
    const { rows: installed } = await db.raw<{ rows: Array<{ schema: string }> }>(
      `select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`,
    );
    const definitionOf = (definition: string) => definition.replace(TRIGRAMS, `"${installed[0].schema}"`);
    // An index built beforehand (`create index concurrently`, ADR 0056) is kept; one such build left invalid is built again.
    const { rows: invalid } = await db.raw<{ rows: Array<{ name: string }> }>(
      `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = 'cases.businesses'::regclass and not i.indisvalid`,
    );
    for (const { name } of invalid) if (BUSINESS_LIST_INDEXES.some(([known]) => known === name)) await db.raw(`drop index cases.${name}`);
    for (const [name, definition] of BUSINESS_LIST_INDEXES) await db.raw(`create index if not exists ${name} on cases.businesses using ${definitionOf(definition)}`);
    await db.raw('drop index if exists cases.businesses_customer');
  },
  async down(db: Knex) {
    await db.raw('create index if not exists businesses_customer on cases.businesses (customer_id, created_at)');
    for (const [name] of [...BUSINESS_LIST_INDEXES].reverse()) await db.raw(`drop index if exists cases.${name}`);
  },
};
