import { actOfRow, appendAudit, chainOf, type AuditActRow, type EntryContent } from '@kyb/area-views';
import { pageWithTotal, totalCountColumn, type AuditAct, type Knex } from '@kyb/db';

/** One act to append. */
export type AuditAppend = AuditAct;

/** An entry as stored. */
export type AuditRow = AuditActRow & { id: string; chain: string; seq: string; prev_hash: string; hash: string };

/** The list query of the audit events of a tenant. */
export interface AuditListQuery {
  customerId: string;
  page: number;
  itemsPerPage: number;
  paginate: boolean;
  sort: Array<[string, 'asc' | 'desc']>;
  filter: { action?: string; actor_id?: string; target_type?: string; target_id?: string };
}

/** The content of a stored row, as its hash covers it. */
export const contentOf = (row: AuditRow): EntryContent => ({ chain: row.chain, ...actOfRow(row) });

/** Entries read per page when a chain is walked. */
const WALK_PAGE = 1000;

/** SQL of the audit log: appended under a lock of its chain, read by tenant, walked in order. */
export function createPgAuditStore(db: Knex) {
  return {
    /** Appends an entry to its tenant's chain in one round trip (`appendAudit`), in `trx` when the act's own transaction is given. */
    async append(input: AuditAppend, trx: Knex = db): Promise<void> {
      await appendAudit(trx, input);
    },

    /** One page of a tenant's entries with the total of every match beside it (one statement; a page past the end counts apart). */
    async list(query: AuditListQuery): Promise<{ rows: AuditRow[]; total: number }> {
      const matches = () => {
        const found = db('auth.audit_events').where({ chain: chainOf(query.customerId) });
        for (const [name, value] of Object.entries(query.filter)) if (value !== undefined) found.andWhere(name, value);
        return found;
      };
      const page = matches().select('*', totalCountColumn(db));
      for (const [name, direction] of query.sort) page.orderBy(name, direction);
      page.orderBy('seq', query.sort[0]?.[1] ?? 'desc');
      if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
      return pageWithTotal<AuditRow>(db, (await page) as Array<AuditRow & { total_count: string }>, query, matches);
    },

    /** Calls `visit` with a chain's entries in order, a page at a time; stops when it answers false. */
    async walk(chain: string, visit: (row: AuditRow) => boolean): Promise<void> {
      for (let after = 0; ; ) {
        const rows = (await db('auth.audit_events').where({ chain }).andWhere('seq', '>', after).orderBy('seq').limit(WALK_PAGE)) as AuditRow[];
        for (const row of rows) if (!visit(row)) return;
        if (rows.length < WALK_PAGE) return;
        after = Number(rows[rows.length - 1].seq);
      }
    },
  };
}

/** The audit store type, for injection. */
export type AuditStore = ReturnType<typeof createPgAuditStore>;
