import {
  keysetAfter,
  keysetColumns,
  keysetOrderSql,
  keysetPageOf,
  keysetSqlKeys,
  keysetValues,
  listShapeOf,
  preparedShapes,
  type KeysetOrder,
  type KeysetPosition,
  type KeysetSqlKey,
  type Knex,
  type ShapeValues,
} from '@kyb/db';
import { VERIFICATION_DIRECTORY_VIEW } from '@kyb/area-views';
import { STATUS } from './business-json.sql';
import { businessesWithClassification, selectedBusiness, toBusinessAggregate } from './business-read.sql';
import { BUSINESS_SORT_KINDS, BUSINESS_STATUSES, type BusinessListQuery, type BusinessSort } from './businesses.schemas';
import type { BusinessAggregate } from './business.types';

/** Up to how many matches a filtered or searched list's total is counted exactly (ADR 0056). */
export const EXACT_TOTAL_UP_TO = 1000;
/** How many of a customer's newest businesses an estimated total samples (ADR 0056). */
export const ESTIMATE_SAMPLE = 1000;

/** One page of a customer's businesses, its total, whether that total is an estimate, and the position after the page. */
export interface BusinessListPage {
  items: BusinessAggregate[];
  total: number;
  estimated: boolean;
  next: KeysetPosition | null;
}

/** The columns the sorts name; status is the verification's, read per business (`statusIs`) or joined as `sv` (`STATUS_JOINED`). */
const COLUMNS: Record<Exclude<BusinessSort, 'status'>, string> = { name: 'b.name', external_id: 'b.external_id', created_at: 'b.created_at', updated_at: 'b.updated_at' };
const columnOf = (field: BusinessSort) => (field === 'status' ? 'status' : COLUMNS[field]);
const KINDS = Object.fromEntries(Object.entries(BUSINESS_SORT_KINDS).map(([field, kind]) => [columnOf(field as BusinessSort), kind]));
const STATUS_JOINED = STATUS.replace('v.', 'sv.');

/**
 * Whether the status the business shows (`STATUS`: the latest verification's, else UNVERIFIED) is
 * `status`, as a probe of the verification by the business's id: the page is read in the order of
 * an index of the businesses alone, and the planner can estimate the share of each status.
 */
function statusIs(db: Knex, status: string, value: string): Knex.Raw {
  return status === 'UNVERIFIED'
    ? db.raw(`not exists (select 1 from ${VERIFICATION_DIRECTORY_VIEW} vs where vs.business_id = b.id and vs.status <> ?)`, [value])
    : db.raw(`exists (select 1 from ${VERIFICATION_DIRECTORY_VIEW} vs where vs.business_id = b.id and vs.status = ?)`, [value]);
}

/**
 * SQL of a customer's business list (issue 46, ADR 0056): a page by number or after a cursor's
 * position (keyset), each sort read in the order of its index (case migration 0032), and a total
 * that never counts a million rows. A sort led by status reads each status in turn (the page's
 * first status after the cursor's, then the next), so it too pages along an index.
 */
export function createBusinessListRead(db: Knex) {
  const shapes = preparedShapes<Record<string, unknown>>(db);

  return async function list(query: BusinessListQuery): Promise<BusinessListPage> {
    const { filters, searches, values } = listShapeOf(query, { customerId: query.customerId });
    const after = query.after;
    const order: KeysetOrder = { sort: query.sort.map(([field, direction]) => [columnOf(field), direction] as const), kinds: KINDS, id: 'b.id', expressions: { status: STATUS_JOINED } };

    // A sort led by status reads the statuses in the sort's direction, each along the index of the rest of the sort.
    const byStatus = query.sort[0][0] === 'status';
    const statuses: string[] = [...BUSINESS_STATUSES].sort();
    if (query.sort[0][1] === 'desc') statuses.reverse();
    const startAt = after && byStatus ? String(after.keys[0]) : undefined;
    const segments = byStatus
      ? statuses.filter((status) => (query.filter.status ?? status) === status && (startAt === undefined || status === startAt || (query.sort[0][1] === 'asc' ? status > startAt : status < startAt)))
      : [];

    // The values of the statement: only those its text uses (the status a cursor names is its first part's status, not a value).
    const offset = after ? 0 : (query.page - 1) * query.itemsPerPage;
    if (query.paginate) Object.assign(values, { limit: query.itemsPerPage + 1, offset }, byStatus ? { reach: offset + query.itemsPerPage + 1 } : {});
    const skipped = byStatus ? 1 : 0;
    if (after && (!byStatus || segments.includes(startAt as string))) keysetValues(db, order, after).slice(skipped).forEach((value, i) => (values[`after_${i + skipped}`] = value));
    const afterMarkers = (v: Record<string, string>) => Object.keys(values).filter((name) => name.startsWith('after_')).map((name) => v[name]);

    // What a business must be to be listed, beyond its customer: the filters, then the searches.
    const conditions = (v: Record<string, string>): Knex.Raw[] => [
      ...filters.map((name) => (name === 'status' ? statusIs(db, String(query.filter.status), v.filter_status) : db.raw(`?? = ?`, [`b.${name}`, v[`filter_${name}`]]))),
      ...searches.map((name) => db.raw(`?? ilike ? escape '\\'`, [`b.${name}`, v[`search_${name}`]])),
    ];
    const matches = (v: Record<string, string>, extra: Knex.Raw[] = []) => {
      const found = db('cases.businesses as b').where('b.customer_id', v.customerId).whereNull('b.deleted_at');
      for (const condition of [...conditions(v), ...extra]) found.andWhere(condition);
      return found;
    };

    // Totals: the kept counts where they answer exactly (ADR 0056), else a count of at most EXACT_TOTAL_UP_TO + 1 matches.
    const counted = searches.length === 0 && filters.every((name) => name === 'is_monitoring_enabled');
    const keptCount = (v: Record<string, string>) =>
      query.filter.is_monitoring_enabled === undefined
        ? db.raw('(select coalesce(sum(businesses), 0) from cases.business_counts where customer_id = ?)', [v.customerId])
        : db.raw('(select coalesce(sum(case when ?::boolean then monitored else businesses - monitored end), 0) from cases.business_counts where customer_id = ?)', [
            v.filter_is_monitoring_enabled,
            v.customerId,
          ]);
    const totalOf = (v: Record<string, string>) =>
      counted ? keptCount(v) : db.raw('(select count(*) from (?) as counted)', [matches(v).select(db.raw('1')).limit(EXACT_TOTAL_UP_TO + 1)]);

    const orderOf = (status?: string): KeysetOrder => (status ? { ...order, expressions: { status: `'${status}'::text` } } : order);
    const keys = keysetSqlKeys(db, orderOf(segments[0]));
    const sortColumns = (k: KeysetSqlKey[]) => k.map((key, i) => db.raw(`${key.sql} as sort_${i}`));
    const sortOrder = (prefix: string) => keys.map((key, i) => `${prefix}sort_${i} ${key.direction}`).join(', ');

    const pageOf = (v: Record<string, string>): Knex.Raw => {
      if (!byStatus) {
        const ids = matches(v).select('b.id', ...keysetColumns(db, order), ...sortColumns(keys)).orderByRaw(keysetOrderSql(keys));
        if (query.sort.some(([field]) => field === 'status')) ids.leftJoin(`${VERIFICATION_DIRECTORY_VIEW} as sv`, 'sv.business_id', 'b.id');
        if (after) ids.where(keysetAfter(db, keys, afterMarkers(v)));
        return query.paginate ? db.raw('(? limit ? offset ?) as p', [ids, v.limit, v.offset]) : db.raw('(?) as p', [ids]);
      }
      const parts = segments.map((status) => {
        const segmentKeys = keysetSqlKeys(db, orderOf(status));
        const part = matches(v, [statusIs(db, status, status)]).select('b.id', ...keysetColumns(db, orderOf(status)), ...sortColumns(segmentKeys));
        part.orderByRaw(keysetOrderSql(segmentKeys.slice(1)));
        if (status === startAt) part.where(keysetAfter(db, segmentKeys.slice(1), afterMarkers(v)));
        return query.paginate ? db.raw('(? limit ?)', [part, v.reach]) : db.raw('(?)', [part]);
      });
      const union = `select * from (${parts.map(() => '?').join(' union all ')}) as u order by ${sortOrder('u.')}`;
      return query.paginate ? db.raw(`(${union} limit ? offset ?) as p`, [...parts, v.limit, v.offset]) : db.raw(`(${union}) as p`, parts);
    };

    const shape = JSON.stringify([listShapeOf(query, {}).shape, query.filter.status ?? null, after ? 'after' : 'page', segments, startAt ?? null]);
    const read =
      segments.length === 0 && byStatus
        ? []
        : await shapes(shape, values, (v) =>
            businessesWithClassification(db)
              .join(pageOf(v), 'p.id', 'b.id')
              .select([...selectedBusiness(db, false), ...[...query.sort, 'id'].map((_, i) => `p.keyset_${i}`), db.raw('? as total_count', [totalOf(v)])])
              .orderByRaw(sortOrder('p.')),
          );
    const { rows, next } = keysetPageOf<Record<string, unknown>>(read, order, query);
    const totals = withoutValues(values, ['limit', 'offset', 'reach'], 'after_');
    let total = rows.length > 0 ? Number(rows[0].total_count) : Number((await shapes(`${shape}:total`, totals, (v) => db.select(db.raw('? as total_count', [totalOf(v)]))))[0].total_count);
    let estimated = false;
    if (!counted && total > EXACT_TOTAL_UP_TO) {
      // More matches than are counted: the share of matches among the newest businesses, times the kept count of those filtered by monitoring alone.
      const [sample] = await shapes(`${shape}:estimate`, totals, (v) => {
        const newest = db('cases.businesses as b').where('b.customer_id', v.customerId).whereNull('b.deleted_at');
        if (query.filter.is_monitoring_enabled !== undefined) newest.andWhere('b.is_monitoring_enabled', v.filter_is_monitoring_enabled);
        const sampled = newest.select('b.id', 'b.name', 'b.external_id', 'b.is_monitoring_enabled').orderBy([{ column: 'b.created_at', order: 'desc' }, { column: 'b.id', order: 'desc' }]).limit(ESTIMATE_SAMPLE);
        const matched = conditions(v).filter((_, i) => filters[i] !== 'is_monitoring_enabled');
        return db
          .select(keptCount(v).wrap('', ' as base'), db.raw('count(*) as sampled'), db.raw(`count(*) filter (where ${matched.map(() => '?').join(' and ')}) as matched`, matched))
          .from(db.raw('(?) as b', [sampled]));
      });
      const share = Number(sample.sampled) > 0 ? Number(sample.matched) / Number(sample.sampled) : 0;
      total = Math.max(EXACT_TOTAL_UP_TO + 1, Math.round(share * Number(sample.base)));
      estimated = true;
    }
    return { items: rows.map(({ total_count: _, ...row }) => toBusinessAggregate(row)), total, estimated, next };
  };
}

/** `values` without the named ones and those beginning with `prefix`. */
function withoutValues(values: ShapeValues, names: string[], prefix: string): ShapeValues {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !names.includes(name) && !name.startsWith(prefix)));
}
