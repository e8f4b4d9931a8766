import { isoTimestampSql, listShapeOf, pageWithTotal, preparedShapes, totalCountColumn, type Knex } from '@kyb/db';
import type { Role } from '@kyb/auth';
import type { PresentableUser, Subrole, UserRow } from './user.types';
import type { UserListQuery } from './users.schemas';

/** A permission as E8 answers it. */
export interface Permission {
  id: number;
  code: string;
  label: string;
}

/** New user columns. */
export type NewUser = Omit<UserRow, 'id' | 'ext_auth_ref_id' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by'> & {
  id?: string;
  created_by?: string;
  updated_by?: string;
};

const SUBROLE_COLUMNS = ['s.id', 's.code', 's.display_name', 's.label', 's.description'];

/** What a new session shows and its tokens carry (`sessionFactsOf`). */
export interface SessionFacts {
  subrole: Subrole | null;
  permissions: Permission[];
  customer: { id: string; name: string; status: string } | null;
}

/**
 * A user's subrole, its permissions (by id) and the user's customer, as JSON, in one statement:
 * read as three, they were three round trips and three results to parse on the event loop for
 * every sign-in (ADR 0034). A sign-in reads them with its writes (refresh-tokens.store.ts, ADR 0034).
 */
export const SESSION_FACTS_SQL = `select
  (select json_build_object(${SUBROLE_COLUMNS.map((column) => `'${column.slice('s.'.length)}', ${column}`).join(', ')})
    from auth.subroles s where s.id = ?::uuid) as subrole,
  (select coalesce(json_agg(json_build_object('id', p.id, 'code', p.code, 'label', p.label) order by p.id), '[]'::json)
    from auth.subrole_permissions sp join auth.permissions p on p.id = sp.permission_id where sp.subrole_id = ?::uuid) as permissions,
  (select json_build_object('id', c.id, 'name', c.name, 'status', c.status) from auth.customers c where c.id = ?::uuid) as customer`;

/**
 * The columns E2's list shows, its times as the answer writes them (no Date parsed and printed
 * again per time; never the password hash).
 */
const LISTED_COLUMNS = [
  ...['id', 'first_name', 'last_name', 'email', 'mobile', 'is_email_verified', 'is_first_login', 'created_by', 'updated_by', 'ext_auth_ref_id', 'status'].map((c) => `u.${c}`),
  `${isoTimestampSql('u.created_at')} as created_at`,
  `${isoTimestampSql('u.updated_at')} as updated_at`,
];

/** SQL for users, subroles and permissions of the auth schema. */
export function createPgUserStore(db: Knex) {
  const listShapes = preparedShapes<PresentableUser & { subrole: Subrole | null; total_count: string; customer_found: boolean; page_row: boolean | null }>(db);
  const users = (trx: Knex = db) => trx<UserRow>('auth.users');

  return {
    /** The ADMIN or APPLICANT account of an email (unique per email); CUSTOMER accounts are per customer. */
    findByEmail(role: Exclude<Role, 'CUSTOMER'>, email: string, trx: Knex = db): Promise<UserRow | undefined> {
      return users(trx).where({ role }).whereRaw('lower(email) = lower(?)', [email]).first();
    },

    /** The CUSTOMER account of an email in one customer (unique per customer and email, docs/adr/0009). */
    findCustomerUser(customerId: string, email: string, trx: Knex = db): Promise<UserRow | undefined> {
      return users(trx).where({ role: 'CUSTOMER', customer_id: customerId }).whereRaw('lower(email) = lower(?)', [email]).first();
    },

    /**
     * The CUSTOMER accounts of an email across customers, at most `limit`, most recently used (signed
     * in, else created) first, then by id: the order in which a sign-in prefers them.
     */
    customerAccountsByEmail(email: string, limit: number, trx: Knex = db): Promise<UserRow[]> {
      return users(trx)
        .where({ role: 'CUSTOMER' })
        .whereRaw('lower(email) = lower(?)', [email])
        .orderByRaw('coalesce(last_signed_in_at, created_at) desc, id asc')
        .limit(limit);
    },

    findById(id: string, trx: Knex = db): Promise<UserRow | undefined> {
      return users(trx).where({ id }).first();
    },

    async insert(user: NewUser, trx: Knex = db): Promise<UserRow> {
      const id = user.id ?? (await trx.raw<{ rows: Array<{ id: string }> }>('select gen_random_uuid() as id')).rows[0].id;
      const [row] = await users(trx)
        .insert({ ...user, id, created_by: user.created_by ?? id, updated_by: user.updated_by ?? user.created_by ?? id })
        .returning('*');
      return row as UserRow;
    },

    async update(id: string, changes: Partial<UserRow>, trx: Knex = db): Promise<UserRow | undefined> {
      const [row] = await users(trx).where({ id }).update({ ...changes, updated_at: trx.fn.now() as unknown as Date }).returning('*');
      return row as UserRow | undefined;
    },

    /** Businesses an applicant may act on: those of the invitations it used. */
    acceptedBusinesses(userId: string, trx: Knex = db): Promise<string[]> {
      return trx('auth.accepted_invitations').where({ user_id: userId }).orderBy('accepted_at').pluck('business_id');
    },

    /** Records an invitation as used by `userId`; false when it was used before. */
    async acceptInvitation(trx: Knex, row: { invitation_id: string; user_id: string; customer_id: string; business_id: string }): Promise<boolean> {
      const inserted = await trx('auth.accepted_invitations').insert(row).onConflict('invitation_id').ignore().returning('invitation_id');
      return inserted.length === 1;
    },

    async countAdmins(trx: Knex = db): Promise<number> {
      const [{ count }] = await users(trx).where({ role: 'ADMIN' }).count<Array<{ count: string }>>({ count: '*' });
      return Number(count);
    },

    async subroleById(id: string | null, trx: Knex = db): Promise<Subrole | null> {
      if (!id) return null;
      return (await trx('auth.subroles as s').select(SUBROLE_COLUMNS).where('s.id', id).first()) ?? null;
    },

    /** The customer's own subrole with `code`, else the global one. */
    async subroleByCode(customerId: string, code: string, trx: Knex = db): Promise<Subrole | undefined> {
      return trx('auth.subroles as s')
        .select(SUBROLE_COLUMNS)
        .where('s.code', code)
        .andWhere((q) => q.where('s.customer_id', customerId).orWhereNull('s.customer_id'))
        .orderByRaw('s.customer_id nulls last')
        .first();
    },

    permissionsOf(subroleId: string | null, trx: Knex = db): Promise<Permission[]> {
      if (!subroleId) return Promise.resolve([]);
      return trx('auth.subrole_permissions as sp')
        .join('auth.permissions as p', 'p.id', 'sp.permission_id')
        .where('sp.subrole_id', subroleId)
        .orderBy('p.id')
        .select('p.id', 'p.code', 'p.label');
    },

    /**
     * One page of a customer's users with their subroles, the total count, and whether the customer
     * exists (E2 answers 404 for none): one statement, its SQL built once per shape of the query
     * (which filters, searches and sort; paged or not). The customer's existence beside the page
     * spares E2 a statement of its own: one round trip and some 200 µs of CPU a page (issue 10).
     */
    async list(query: UserListQuery): Promise<{ rows: Array<PresentableUser & { subrole: Subrole | null }>; total: number; customerFound: boolean }> {
      const { shape, filters, searches, values } = listShapeOf(query, { customerId: query.customerId });
      const matches = (v: Record<string, Knex.Value>) => {
        const base = db('auth.users as u').leftJoin('auth.subroles as s', 's.id', 'u.subrole_id').where('u.customer_id', v.customerId).andWhere('u.role', 'CUSTOMER');
        // The subrole filter names the subrole's code; every other filter a column of the user.
        for (const name of filters) base.andWhere(name === 'subrole' ? 's.code' : `u.${name}`, v[`filter_${name}`]);
        for (const name of searches) base.andWhereRaw(`u.?? ilike ? escape '\\'`, [name, v[`search_${name}`]]);
        return base;
      };
      const rows = await listShapes(shape, values, (v) => {
        const page = matches(v).select(...LISTED_COLUMNS.map((column) => db.raw(column)), totalCountColumn(db), db.raw(`case when s.id is null then null else json_build_object(
          'id', s.id, 'code', s.code, 'display_name', s.display_name, 'label', s.label, 'description', s.description) end as subrole`));
        for (const [column, direction] of query.sort) page.orderBy(`u.${column}`, direction);
        page.orderBy('u.id', 'asc');
        const paged = query.paginate ? db.raw('? limit ? offset ?', [page, v.limit, v.offset]) : page;
        // One row for the customer, joined with the page's rows in their order (none: the row alone, its page columns null).
        return db
          .select(db.raw('exists (select 1 from auth.customers where id = ?) as customer_found', [v.customerId]), db.raw('p.*'))
          .from(db.raw('(select 1) as scope'))
          .joinRaw('left join lateral (select true as page_row, paged.* from (?) as paged) as p on true', [paged]);
      });
      const customerFound = rows.length > 0 && rows[0].customer_found === true;
      const pageRows = rows.filter((row) => row.page_row === true).map(({ customer_found: _found, page_row: _row, ...row }) => row);
      // A page past the end carries no total: only then are the matches counted (knex builds that query).
      return { ...(await pageWithTotal<PresentableUser & { subrole: Subrole | null }>(db, pageRows, query, () => matches(values))), customerFound };
    },
  };
}

/** The user store type, for injection. */
export type UserStore = ReturnType<typeof createPgUserStore>;
