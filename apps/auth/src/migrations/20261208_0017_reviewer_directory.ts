import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * The read module other areas use to know who may review a tenant's cases (issue 45): each customer
 * user whose subrole holds `cases:review`, with whether the account is active. No name, no email:
 * the case area keeps an assignee by id and needs only to know the id may be one.
 */
export const reviewerDirectory: Migration = {
  name: '20261208_0017_reviewer_directory',
  async up(db: Knex) {
    await db.raw(`create view auth.reviewer_directory as
      select u.id, u.customer_id, u.status = 'ACTIVE' as active
        from auth.users u
       where u.role = 'CUSTOMER'
         and exists (select 1 from auth.subrole_permissions sp join auth.permissions p on p.id = sp.permission_id
                      where sp.subrole_id = u.subrole_id and p.code = 'cases:review')`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists auth.reviewer_directory');
  },
};
