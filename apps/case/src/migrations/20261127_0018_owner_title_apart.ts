import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';
import { ownerPart, TITLE_OBJECT, TITLE_SUBQUERY } from './20261127_0017_presented_parts';

/**
 * The owner's presented part (0017) with its title read by a statement of its own, and only when
 * the owner has one. Inside the part's expression, the title's subquery made PL/pgSQL run the whole
 * expression through the executor for every row: 1,000 owners took 110-145 ms to insert, and 50-70
 * with the title apart (ADR 0031). The part's text is the same.
 */
export const ownerTitleApart: Migration = {
  name: '20261127_0018_owner_title_apart',
  async up(db: Knex) {
    await db.raw(`create or replace function cases.present_owners() returns trigger language plpgsql as $$
        declare
          title json;
        begin
          if new.title_id is not null then
            select ${TITLE_OBJECT} into title from cases.owner_titles t where t.id = new.title_id;
          end if;
          new.presented := ${ownerPart('title')};
          return new;
        end $$`);
  },
  async down(db: Knex) {
    await db.raw(`create or replace function cases.present_owners() returns trigger language plpgsql as $$
        begin
          new.presented := ${ownerPart(TITLE_SUBQUERY)};
          return new;
        end $$`);
  },
};
