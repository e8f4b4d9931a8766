import { canAccessBusiness, TenantAccessDeniedError, unseen, type AuthContext } from '@kyb/auth';
import { preparedRead, type Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';
import { BusinessNotFoundError } from './business-access';
import { BUSINESS_DIRECTORY_VIEW } from './business-directory';

/** What a scoped read knows of the business: enough for the access check, and when it was added. */
export interface BusinessScope {
  id: string;
  customerId: string;
  createdAt: Date;
}

/** The answer of a scoped read: the business (undefined when there is none) and the rows read for it. */
export interface ScopedRows<Row> {
  business: BusinessScope | undefined;
  rows: Row[];
}

/** The business's id as the inner query of a scoped read refers to it. */
export const SCOPED_BUSINESS_ID = 'scope.id';

type ScopeColumns = { scope_id: string; scope_customer_id: string; scope_created_at: Date; scope_row: boolean | null };

/**
 * A read of data that belongs to one business, in the same statement as the business's row of the
 * case area's directory view, so the access check costs no statement (and no round trip) of its
 * own: the hot reads (E1, E10, E11) ran one statement for the check and one or two for their data.
 * `build` gives the inner query, which refers to the business as {@link SCOPED_BUSINESS_ID}; its
 * rows come back in its order (none when it found nothing), with the business beside them. The
 * caller checks access with {@link assertBusinessAccess} before using the rows. Built once and run
 * as a named prepared statement (`preparedRead`), the values named by `names` plus `businessId`.
 */
export function businessScopedRead<Row, Name extends string = never>(
  db: Knex,
  names: readonly Name[],
  build: (values: Record<Name, string>) => Knex.QueryBuilder,
): (businessId: string, values?: Record<Name, unknown>) => Promise<ScopedRows<Row>> {
  const read = preparedRead<Record<string, unknown> & ScopeColumns, Name | 'businessId'>(db, ['businessId', ...names], (v) =>
    db
      // The business's columns last: a column of the inner query by the same name can never stand in for them.
      .select('scoped.*', 'scope.id as scope_id', 'scope.customer_id as scope_customer_id', 'scope.created_at as scope_created_at')
      .from(`${BUSINESS_DIRECTORY_VIEW} as scope`)
      .joinRaw('left join lateral (select true as scope_row, inner_.* from (?) as inner_) as scoped on true', [build(v)])
      .where('scope.id', v.businessId),
  );
  return async (businessId, values) => {
    if (!isUuid(businessId)) return { business: undefined, rows: [] };
    const found = await read({ ...(values as Record<Name, unknown>), businessId });
    if (found.length === 0) return { business: undefined, rows: [] };
    const first = found[0];
    const business = { id: first.scope_id, customerId: first.scope_customer_id, createdAt: first.scope_created_at };
    const rows: Row[] = [];
    for (const row of found) {
      if (row.scope_row !== true) continue;
      const { scope_id: _id, scope_customer_id: _customer, scope_created_at: _created, scope_row: _row, ...own } = row;
      rows.push(own as Row);
    }
    return { business, rows };
  };
}

/**
 * The access check of {@link findAccessibleBusiness} on a scoped read's business: 403
 * `AccessMiddlewareError` for another tenant's business and for none at all; only an ADMIN is told
 * 404 for a business that does not exist.
 */
export function assertBusinessAccess(caller: AuthContext, business: BusinessScope | undefined): BusinessScope {
  if (!business) throw unseen(caller, new BusinessNotFoundError());
  if (!canAccessBusiness(caller, business.customerId, business.id)) throw new TenantAccessDeniedError();
  return business;
}
