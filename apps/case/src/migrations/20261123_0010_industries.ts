import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';
import { INDUSTRIES, merchantCategoryCodes, NAICS_EDITION, naicsCode, nationalIndustries, industryOfNaics } from '@kyb/industry-codes';

/** Every NAICS code of any level (2 to 6 digits) that a national industry belongs to, in code order. */
export function naicsCodesInOrder(): Array<{ code: string; title: string }> {
  const codes = new Set<string>();
  for (const { code } of nationalIndustries()) {
    for (let length = 2; length <= 6; length += 1) if (naicsCode(code.slice(0, length))) codes.add(code.slice(0, length));
  }
  return [...codes].sort().map((code) => ({ code, title: (naicsCode(code) as { title: string }).title }));
}

/**
 * Seeds the code tables from @kyb/industry-codes, append-only: rows already there are kept, so an
 * id once given never changes (ids are the contract's `industry.id`, `naics_id`, `mcc_id`).
 */
export async function seedIndustryCodes(db: Knex): Promise<void> {
  await db('cases.industries')
    .insert(INDUSTRIES.map((i) => ({ id: i.id, name: i.name, code: i.code, sector_code: i.sectorCode })))
    .onConflict('id')
    .ignore();
  const naics = naicsCodesInOrder().map((c) => ({ ...c, edition: NAICS_EDITION, industry_id: industryOfNaics(c.code)?.id ?? null }));
  for (let i = 0; i < naics.length; i += 500) await db('cases.naics_codes').insert(naics.slice(i, i + 500)).onConflict('code').ignore();
  const mcc = merchantCategoryCodes();
  for (let i = 0; i < mcc.length; i += 500) await db('cases.mcc_codes').insert(mcc.slice(i, i + 500)).onConflict('code').ignore();
}

/**
 * Industry classification (issue 13): the code tables; on businesses the client's industry and
 * where each classification value came from (`client`, or `derived` from the client's own NAICS
 * code when stored). A business's status is no longer stored here: it is the integration area's
 * verification, read at read time, and titles come from the code tables. The sealed-TIN view is
 * the only way the TIN-matching check reads a TIN.
 */
export const industries: Migration = {
  name: '20261123_0010_industries',
  async up(db: Knex) {
    await db.raw(`create table cases.industries (id integer primary key, name text not null, code text not null unique,
      sector_code text not null, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
    await db.raw(`create table cases.naics_codes (id integer generated always as identity primary key, code text not null unique,
      title text not null, edition text not null, industry_id integer references cases.industries (id))`);
    await db.raw(`create table cases.mcc_codes (id integer generated always as identity primary key, code text not null unique,
      title text not null)`);
    await seedIndustryCodes(db);

    await db.raw('drop view cases.business_directory');
    await db.schema.withSchema('cases').alterTable('businesses', (t) => {
      t.integer('industry_id').nullable().references('id').inTable('cases.industries');
      for (const column of ['naics_source', 'mcc_source', 'industry_source']) t.text(column).nullable();
      t.dropColumns('status', 'naics_title', 'mcc_title');
    });
    for (const column of ['naics_source', 'mcc_source', 'industry_source']) {
      await db.raw(`alter table cases.businesses add constraint businesses_${column}_check check (${column} in ('client', 'derived'))`);
    }
    await db.raw(`create view cases.business_directory as
      select b.id, b.customer_id, b.name, b.official_website, b.mobile, b.address_line_1, b.address_line_2, b.address_city,
             b.address_state, b.address_postal_code, b.address_country, b.tin_masked, b.naics_code, b.mcc_code,
             b.is_monitoring_enabled, b.external_id, b.created_at
      from cases.businesses b where b.deleted_at is null`);
    await db.raw(`create view cases.business_tin_directory as
      select b.id as business_id, b.tin_sealed from cases.businesses b where b.deleted_at is null`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists cases.business_tin_directory');
    await db.raw('drop view if exists cases.business_directory');
    await db.schema.withSchema('cases').alterTable('businesses', (t) => {
      t.dropColumns('industry_id', 'naics_source', 'mcc_source', 'industry_source');
      t.text('status').notNullable().defaultTo('UNVERIFIED');
      t.text('naics_title').nullable();
      t.text('mcc_title').nullable();
    });
    await db.raw(`alter table cases.businesses add constraint businesses_status_check check (status in ('VERIFIED', 'UNVERIFIED'))`);
    await db.raw(`create view cases.business_directory as
      select b.id, b.customer_id, b.name, b.official_website, b.mobile, b.address_line_1, b.address_line_2, b.address_city,
             b.address_state, b.address_postal_code, b.address_country, b.tin_masked, b.status, b.is_monitoring_enabled,
             b.external_id, b.created_at
      from cases.businesses b where b.deleted_at is null`);
    for (const table of ['mcc_codes', 'naics_codes', 'industries']) await db.schema.withSchema('cases').dropTableIfExists(table);
  },
};
