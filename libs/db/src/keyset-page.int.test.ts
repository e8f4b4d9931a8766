import { randomUUID } from 'node:crypto';
import { createDatabase } from './database';
import { readKeysetPage, type KeysetOrder, type KeysetPosition } from './keyset-page';

/* Keyset paging (keyset-page.ts): every sort walked page by page while rows are added, ties and microseconds. */
describe('reading a list page by page after a position', () => {
  const url = process.env.KYB_TEST_POSTGRES_URL as string;
  const table = `keyset_rows_${process.pid}_${Date.now()}`;
  const db = createDatabase({ url, applicationName: 'keyset-page-test', pool: { max: 2 } });
  const statements: string[] = [];
  const listen = (query: { sql: string }) => void statements.push(query.sql);
  const kinds = { at: 'timestamp', label: 'text', rank: 'integer', tag: 'nullable_text' } as const;
  const group = randomUUID();

  /** Rows of `group`: times that differ only in microseconds, and ties on every key. */
  const insert = async (count: number, inGroup = group) => {
    // Every third tag is null, one is empty text: a null sorts after every text ascending and before it descending, as PostgreSQL sorts nulls.
    const rows = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), grp: inGroup, label: ['b', 'a', 'c'][i % 3], rank: i % 4, tag: [null, 'x', ''][i % 3] }));
    await db.raw(
      `insert into ${table} (id, grp, at, label, rank, tag)
       select r.id, r.grp, timestamptz '2026-12-08T10:00:00Z' + ((r.rank % 2) * interval '1 microsecond'), r.label, r.rank, r.tag
       from json_populate_recordset(null::${table}, ?::json) as r`,
      [JSON.stringify(rows)],
    );
    return rows.map((row) => row.id);
  };
  const matches = () => db(table).where({ grp: group });
  const read = (order: KeysetOrder, page: { page?: number; itemsPerPage?: number; paginate?: boolean; after?: KeysetPosition | null }) =>
    readKeysetPage<{ id: string; label: string }>(db, {
      matches,
      order,
      page: { paginate: page.paginate ?? true, page: page.page ?? 1, itemsPerPage: page.itemsPerPage ?? 4, after: page.after ?? null },
    });

  beforeAll(async () => {
    await db.raw(`create table ${table} (id uuid primary key, grp uuid not null, at timestamptz not null, label text not null, rank int not null, tag text)`);
    await insert(10);
    await insert(3, randomUUID());
    db.on('query', listen);
  });
  afterAll(async () => {
    db.removeListener('query', listen);
    await db.raw(`drop table if exists ${table}`);
    await db.destroy();
  });

  const sorts: Array<KeysetOrder['sort']> = [
    [['at', 'asc']],
    [['at', 'desc']],
    [['label', 'asc']],
    [['label', 'desc']],
    [['rank', 'desc']],
    [['label', 'asc'], ['at', 'desc']],
    [['tag', 'asc']],
    [['tag', 'desc'], ['label', 'asc']],
  ];

  it.each(sorts.map((sort) => [JSON.stringify(sort), sort] as const))(
    'visits every row once in the order of %s, ties broken by id, while rows are added between pages',
    async (_name, sort) => {
      const order: KeysetOrder = { sort, kinds };
      const before = (await read(order, { paginate: false })).rows.map((row) => row.id);
      const seen: string[] = [];
      let after: KeysetPosition | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<typeof read>> = await read(order, { after });
        expect(page.total).toBe(before.length + pages * 2);
        seen.push(...page.rows.map((row) => row.id));
        after = page.next;
        pages += 1;
        await insert(2);
      } while (after && pages < 20);
      expect(new Set(seen).size).toBe(seen.length);
      expect(before.filter((id) => !seen.includes(id))).toEqual([]);
      // The original rows come in the order a full read gives them: nothing added shifted them.
      expect(seen.filter((id) => before.includes(id))).toEqual(before);
      await db(table).where({ grp: group }).whereNotIn('id', before).delete();
    },
  );

  it('reads keys to the microsecond, and with one direction compares them as one row (what an index serves)', async () => {
    const order: KeysetOrder = { sort: [['at', 'asc']], kinds };
    const first = await read(order, { itemsPerPage: 3 });
    expect(first.next?.keys).toEqual(['2026-12-08T10:00:00.000000Z']);
    statements.length = 0;
    await read(order, { itemsPerPage: 3, after: first.next });
    expect(statements[0]).toContain(`("at", "id") > ($2::timestamptz, $3::uuid)`);
    statements.length = 0;
    await read({ sort: [['label', 'asc'], ['at', 'desc']], kinds }, { itemsPerPage: 3, after: { keys: ['a', first.next?.keys[0] as string], id: randomUUID() } });
    expect(statements[0]).toContain(
      `(("label" > $2::text) or ("label" = $3::text and "at" < $4::timestamptz) or ("label" = $5::text and "at" = $6::timestamptz and "id" < $7::uuid))`,
    );
  });

  it('orders a nullable_text key as PostgreSQL orders the column, and compares it as two keys that are never null', async () => {
    const asc = (await read({ sort: [['tag', 'asc']], kinds }, { paginate: false })).rows.map((row) => row.id);
    expect(asc).toEqual((await matches().orderByRaw('tag asc, id asc')).map((row: { id: string }) => row.id));
    const desc = (await read({ sort: [['tag', 'desc']], kinds }, { paginate: false })).rows.map((row) => row.id);
    expect(desc).toEqual((await matches().orderByRaw('tag desc, id desc')).map((row: { id: string }) => row.id));
    const onNull = await read({ sort: [['tag', 'desc']], kinds }, { itemsPerPage: 1 });
    expect(onNull.next?.keys).toEqual([null]);
    statements.length = 0;
    await read({ sort: [['tag', 'desc']], kinds }, { itemsPerPage: 1, after: onNull.next });
    expect(statements[0]).toContain(`(("tag" is null), coalesce("tag", ''), "id") < ($2::boolean, $3::text, $4::uuid)`);
  });

  it('sorts by an expression the caller names, read and compared as its SQL', async () => {
    const order: KeysetOrder = { sort: [['twice', 'desc']], kinds: { twice: 'integer' }, expressions: { twice: 'rank * 2' } };
    const first = await read(order, { itemsPerPage: 3 });
    expect(first.next?.keys).toEqual(['4']);
    statements.length = 0;
    const second = await read(order, { itemsPerPage: 3, after: first.next });
    expect(statements[0]).toContain('((rank * 2), "id") < ($2::bigint, $3::uuid)');
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual((await read(order, { itemsPerPage: 6 })).rows.map((row) => row.id));
  });

  it('pages by number as before: the same order, the total, and the position after the page for a cursor', async () => {
    const order: KeysetOrder = { sort: [['label', 'desc']], kinds };
    const all = (await read(order, { paginate: false })).rows.map((row) => row.id);
    const second = await read(order, { page: 2, itemsPerPage: 4 });
    expect(second.rows.map((row) => row.id)).toEqual(all.slice(4, 8));
    expect(second.total).toBe(10);
    expect(second.rows[0]).toMatchObject({ id: all[4], grp: group, at: expect.any(Date), label: expect.any(String), rank: expect.any(Number) });
    // The row as the table has it: no key read for the cursor is left in it.
    expect(Object.keys(second.rows[0]).sort()).toEqual(['at', 'grp', 'id', 'label', 'rank', 'tag']);
    const third = await read(order, { after: second.next, itemsPerPage: 4 });
    expect(third.rows.map((row) => row.id)).toEqual(all.slice(8));
    expect(third.next).toBeNull();
    expect(await read(order, { page: 9 })).toEqual({ rows: [], total: 10, next: null });
    expect((await read(order, { paginate: false })).next).toBeNull();
  });
});
