import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { integrationMigrations } from './index';

/** The directory as 0005's view computed it, from every verification: what the table must always equal. */
const FORMULA = `
  select distinct on (v.business_id) v.business_id, v.status, v.checks, v.created_at as verified_at,
    coalesce((select c.changed_at from integration.business_verification_status_changes c
      where c.business_id = v.business_id order by c.seq desc limit 1), v.created_at) as status_changed_at
  from integration.business_verifications v order by v.business_id, v.seq desc`;

describe('the verification directory read from its maintained table', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase([integrationMigrations]);
  });
  afterAll(() => database.destroy());

  const db = () => database.db;
  const directory = async () => (await db().raw('select * from integration.business_verification_directory order by business_id')).rows;
  const formula = async () => (await db().raw(`select * from (${FORMULA}) f order by business_id`)).rows;
  const verify = async (businessId: string, status: 'VERIFIED' | 'UNVERIFIED', at: string, change?: string) => {
    const [{ id }] = await db()('integration.business_verifications')
      .insert({ business_id: businessId, customer_id: businessId, status, checks: JSON.stringify({ at }), created_at: at })
      .returning('id');
    if (change) await db()('integration.business_verification_status_changes').insert({ business_id: businessId, verification_id: id, to_status: status, reason: change, changed_at: at });
    return id as string;
  };

  it('equals the formula of the view it replaced after every kind of write: first, same status, a change, deletions', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await verify(a, 'UNVERIFIED', '2026-01-01T00:00:00Z', 'first');
    expect(await directory()).toEqual(await formula());
    await verify(a, 'UNVERIFIED', '2026-02-01T00:00:00Z');
    await verify(b, 'VERIFIED', '2026-02-02T00:00:00Z', 'first');
    expect(await directory()).toEqual(await formula());
    const changed = await verify(a, 'VERIFIED', '2026-03-01T00:00:00Z', 'TIN matched');
    expect(await directory()).toEqual(await formula());
    expect((await directory()).find((r: { business_id: string }) => r.business_id === a)).toMatchObject({ status: 'VERIFIED', status_changed_at: new Date('2026-03-01T00:00:00Z') });
    await db()('integration.business_verification_status_changes').where({ verification_id: changed }).delete();
    await db()('integration.business_verifications').where({ id: changed }).delete();
    expect(await directory()).toEqual(await formula());
    expect((await directory()).find((r: { business_id: string }) => r.business_id === a)).toMatchObject({ status: 'UNVERIFIED' });
    await db()('integration.business_verification_status_changes').where({ business_id: b }).delete();
    await db()('integration.business_verifications').where({ business_id: b }).delete();
    expect((await directory()).map((r: { business_id: string }) => r.business_id)).toEqual([a]);
    expect(await directory()).toEqual(await formula());
  });

  it('is joined by primary key: a page of businesses never sorts every verification', async () => {
    const { rows } = await db().raw(
      `explain select d.status from unnest(?::uuid[]) as b(id) left join integration.business_verification_directory d on d.business_id = b.id`,
      [[randomUUID(), randomUUID()]],
    );
    const plan = (rows as Array<Record<string, string>>).map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).not.toMatch(/Sort|business_verifications\b/);
    expect(plan).toContain('business_verification_current');
  });
});
