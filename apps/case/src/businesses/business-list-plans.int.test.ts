import { randomUUID } from 'node:crypto';
import { migrateLatest, type Knex } from '@kyb/db';
import { createVerificationDirectoryStandIn } from '@kyb/area-views/testing';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { caseMigrations } from '../migrations';
import { createBusinessListRead, ESTIMATE_SAMPLE } from './business-list.store';
import type { BusinessListQuery } from './businesses.schemas';

/*
 * Which indexes the business list's reads take (issue 46, case migrations 0032 and 0033). The table
 * holds 220,000 businesses, half of one customer and half of a hundred others, interleaved in time,
 * vacuumed and analyzed as the seed tool and autovacuum leave a table; each read is explained as the
 * planner would run it with the values given (a custom plan) and as a prepared statement's generic
 * plan, which every connection comes to (plan_cache_mode). The assertions prove each read's order
 * and filters are served by an index and no statement counts the customer's businesses, not speed
 * (npm run bench measures that).
 */
describe("the business list's plans at 110,000 businesses of a customer", () => {
  let database: TestDatabase;
  let db: Knex;
  const customerId = randomUUID();
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    // The rows are written before the indexes and counts of 0032 and 0033, which those migrations then build and count.
    await migrateLatest(db, { ...caseMigrations, migrations: caseMigrations.migrations.filter((m) => m.name < '20261210_0032') });
    await createVerificationDirectoryStandIn(db);
    await db.transaction(async (trx) => {
      // Without the presented parts' triggers: these reads choose pages, they show no business.
      await trx.raw('set local session_replication_role = replica');
      await trx.raw(
        `insert into cases.businesses (customer_id, name, external_id, is_monitoring_enabled, created_by, updated_by, created_at, updated_at, presented_head, presented_tail)
         select case when g % 2 = 0 then ('00000000-0000-4000-8000-' || lpad((g % 100)::text, 12, '0'))::uuid else ?::uuid end,
           (array['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark'])[1 + g % 5] || ' ' || md5(g::text)::varchar(8),
           case when g % 3 = 0 then null else 'EXT-' || g end, g % 100 = 1, ?, ?,
           timestamptz '2026-01-01' + g * interval '1 second', timestamptz '2026-01-01' + ((g::bigint * 7919) % 220000) * interval '1 second', '', ''
         from generate_series(1, 220000) g`,
        [customerId, customerId, customerId],
      );
    });
    await db.raw(`insert into integration.business_verification_directory (business_id, status, checks)
      select id, case when abs(hashtext(id::text)) % 10 < 7 then 'VERIFIED' else 'UNVERIFIED' end, '[]' from cases.businesses where abs(hashtext(id::text)) % 10 < 9`);
    await migrateLatest(db, caseMigrations);
    await db.raw('vacuum analyze cases.businesses');
    await db.raw('vacuum analyze integration.business_verification_directory');
  }, 300_000);
  afterAll(() => database.destroy());

  /** The plans of every statement `run` sends, in order, as a custom plan and as a generic one. */
  const plansOf = async (run: () => Promise<unknown>): Promise<Array<{ custom: string; generic: string }>> => {
    const sent: Array<{ sql: string; bindings: readonly Knex.Value[] }> = [];
    const listen = (query: { sql: string; bindings: readonly Knex.Value[] }) => void sent.push(query);
    db.on('query', listen);
    try {
      await run();
    } finally {
      db.removeListener('query', listen);
    }
    const explain = (statement: (typeof sent)[number], mode: string) =>
      db.transaction(async (trx) => {
        await trx.raw(`set local plan_cache_mode = ${mode}`);
        const { rows } = await trx.raw(`explain ${statement.sql.replace(/\$\d+/g, '?')}`, statement.bindings as Knex.Value[]);
        return (rows as Array<Record<string, string>>).map((r) => r['QUERY PLAN']).join('\n');
      });
    return Promise.all(sent.map(async (statement) => ({ custom: await explain(statement, 'force_custom_plan'), generic: await explain(statement, 'force_generic_plan') })));
  };

  /** The lines of the first plan node that `node` begins, and of everything under it. */
  const subtreeOf = (plan: string, node: string): string => {
    const lines = plan.split('\n');
    const start = lines.findIndex((line) => line.trimStart().startsWith(node));
    const depth = (line: string) => line.search(/\S/);
    const end = lines.findIndex((line, i) => i > start && depth(line) <= depth(lines[start]));
    return lines.slice(start, end === -1 ? undefined : end).join('\n');
  };
  const read = () => createBusinessListRead(db);
  const base: BusinessListQuery = { customerId, filter: {}, search: {}, sort: [['created_at', 'desc']], paginate: true, page: 1, itemsPerPage: 10, after: null };
  /** Each read, the index that chooses its page, and how its total is had: the kept counts, or a count that stops. */
  const reads: Array<[string, Partial<BusinessListQuery>, string, 'kept' | 'bounded']> = [
    ['the first page (newest first)', {}, 'Index Only Scan Backward using businesses_list_created', 'kept'],
    ['oldest first', { sort: [['created_at', 'asc']] }, 'Index Only Scan using businesses_list_created', 'kept'],
    ['by name', { sort: [['name', 'asc']] }, 'Index Only Scan using businesses_list_name', 'kept'],
    ['by name, descending', { sort: [['name', 'desc']] }, 'Index Only Scan Backward using businesses_list_name', 'kept'],
    ['by external id', { sort: [['external_id', 'asc']] }, 'Index Only Scan using businesses_list_external_id', 'kept'],
    ['by external id, descending', { sort: [['external_id', 'desc']] }, 'Index Only Scan Backward using businesses_list_external_id', 'kept'],
    ['by update', { sort: [['updated_at', 'desc']] }, 'Index Only Scan Backward using businesses_list_updated', 'kept'],
    ['by status', { sort: [['status', 'asc']] }, 'Index Only Scan using businesses_list_id', 'kept'],
    ['by status, descending', { sort: [['status', 'desc']] }, 'Index Only Scan Backward using businesses_list_id', 'kept'],
    ['monitored', { filter: { is_monitoring_enabled: true } }, 'Index Only Scan Backward using businesses_list_monitoring', 'kept'],
    // Nearly every business is not monitored: the newest are read, the monitored ones skipped in the index.
    ['not monitored', { filter: { is_monitoring_enabled: false } }, 'Index Only Scan Backward using businesses_list_created', 'kept'],
    ['VERIFIED', { filter: { status: 'VERIFIED' } }, 'Index Only Scan Backward using businesses_list_created', 'bounded'],
    ['UNVERIFIED', { filter: { status: 'UNVERIFIED' } }, 'Index Only Scan Backward using businesses_list_created', 'bounded'],
    ['one external id', { filter: { external_id: 'EXT-5' } }, 'Index Scan using businesses_customer_external_id', 'bounded'],
    // A name few businesses have is found by its trigrams; one most have, by reading the newest and checking the name held in the index.
    ['a rare name searched', { search: { name: 'c4ca4238' } }, 'Bitmap Index Scan on businesses_name_trigrams', 'bounded'],
    ['a common name searched', { search: { name: 'stark' } }, 'Index Only Scan Backward using businesses_list_created', 'bounded'],
    ['an external id searched', { search: { external_id: '12345' } }, 'Bitmap Index Scan on businesses_external_id_trigrams', 'bounded'],
  ];

  it.each(reads)('chooses %s along its index, and counts no more than it must', async (_name, query, index, total) => {
    const [page, ...totals] = await plansOf(() => read()({ ...base, ...query }));
    for (const plan of [page.custom, page.generic]) {
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/Seq Scan|WindowAgg/);
      // The page is never all of the customer's businesses sorted: a sort only of a page's rows, or of what a search found.
      if (!index.includes('trigrams')) expect(plan).not.toContain('Bitmap Heap Scan on businesses');
      // Only the page's rows are joined with what is shown beside them: the page's Limit, under the join, reads none of it.
      const chosen = subtreeOf(plan.slice(plan.indexOf('->  Nested Loop')), '->  Limit');
      expect(chosen).toContain(index);
      expect(chosen).not.toMatch(/classification|naics|mcc|industries|business_lists/);
      // The kept counts are read beside the page; other totals have statements of their own.
      expect(plan.includes('business_counts_customer')).toBe(total === 'kept');
    }
    if (total === 'kept') {
      expect(totals).toEqual([]);
      return;
    }
    for (const plan of totals.flatMap((p) => [p.custom, p.generic])) expect(plan).not.toMatch(/Seq Scan|WindowAgg/);
    // First the newest businesses sampled, along the index, beside the kept count; then, if the sample cannot tell, a count that stops.
    const [sample, ...counts] = totals;
    expect(sample.custom).toContain('Index Only Scan Backward using businesses_list_created');
    expect(sample.custom).toMatch(new RegExp(`Limit .*rows=${ESTIMATE_SAMPLE + 1}\\b`));
    expect(sample.custom).toContain('business_counts_customer');
    // A status or a common name has enough matches in the sample to estimate; a rare one is counted, by an index, until past what is counted.
    expect(counts.length).toBe(query.filter?.status || query.search?.name === 'stark' ? 0 : 1);
    for (const count of counts) expect(count.custom).toMatch(/Aggregate[\s\S]*Limit[\s\S]*(Index Only Scan|Bitmap Index Scan|Index Scan) (using|on) businesses_/);
  });

  it('starts a page after a cursor inside the index (a range of its keys), for each sort', async () => {
    const cursorOf = async (query: Partial<BusinessListQuery>) => (await read()({ ...base, ...query })).next;
    for (const [sort, range] of [
      [[['created_at', 'desc']], /AND \(ROW\(created_at, id\) < ROW\(/],
      [[['name', 'asc']], /AND \(ROW\(name, id\) > ROW\(/],
      [[['external_id', 'asc']], /AND \(ROW\(\(+external_id IS NULL\)+, \(?COALESCE\(external_id, ''::text\)\)?, id\) > ROW\(/],
      [[['status', 'desc']], /AND \(id < /],
    ] as const) {
      const query = { sort: sort.map(([field, direction]) => [field, direction]) as BusinessListQuery['sort'] };
      const after = await cursorOf(query);
      const [page] = await plansOf(() => read()({ ...base, ...query, after }));
      for (const plan of [page.custom, page.generic]) {
        const conds = plan.split('\n').filter((line) => line.includes('Index Cond'));
        expect({ sort, cond: conds.some((line) => range.test(line)) || conds }).toEqual({ sort, cond: true });
      }
    }
  });
});
