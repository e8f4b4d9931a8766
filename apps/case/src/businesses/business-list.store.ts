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
/** How many of a customer's newest businesses a filtered or searched list's total samples first (ADR 0056). */
export const ESTIMATE_SAMPLE = 1000;
/** How many of the sample must match for its share alone to estimate a total past EXACT_TOTAL_UP_TO. */
export const SAMPLED_MATCHES_TO_ESTIMATE = 10;

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

/** The statuses a page sorted by status reads, in turn, each of them along an index: those at or after the cursor's, of the status filtered by. */
function statusesOf(query: BusinessListQuery): string[] {
  const [[field, direction]] = query.sort;
  if (field !== 'status') return [];
  const statuses: string[] = [...BUSINESS_STATUSES].sort();
  if (direction === 'desc') statuses.reverse();
  const from = query.after ? String(query.after.keys[0]) : undefined;
  const reached = (status: string) => from === undefined || status === from || (direction === 'asc' ? status > from : status < from);
  return statuses.filter((status) => (query.filter.status ?? status) === status && reached(status));
}

/**
 * The SQL of one list query, each statement built for its shape once (`preparedShapes`): the page
 * (with the kept count, where that is the total), the total alone, and the sample of the newest.
 */
function listSqlOf(db: Knex, query: BusinessListQuery) {
  const { filters, searches, values } = listShapeOf(query, { customerId: query.customerId });
  const { after } = query;
  const order: KeysetOrder = { sort: query.sort.map(([field, direction]) => [columnOf(field), direction] as const), kinds: KINDS, id: 'b.id', expressions: { status: STATUS_JOINED } };
  const byStatus = query.sort[0][0] === 'status';
  const statuses = statusesOf(query);
  const cursorStatus = byStatus && after ? String(after.keys[0]) : undefined;
  /** Sorted by status, each status's part compares the status as the text it is, and the rest of the keys. */
  const orderOf = (status?: string): KeysetOrder => (status ? { ...order, expressions: { status: `'${status}'::text` } } : order);

  // The values the text uses, no other: paging (each status's part reads as far as the page reaches), and the cursor's keys.
  const offset = after ? 0 : (query.page - 1) * query.itemsPerPage;
  if (query.paginate) Object.assign(values, { limit: query.itemsPerPage + 1, offset }, byStatus ? { reach: offset + query.itemsPerPage + 1 } : {});
  // Sorted by status, the cursor's status picks the parts; only its part starts after the cursor, by the rest of the keys.
  const skipped = byStatus ? 1 : 0;
  const afterValues = after && (!byStatus || statuses.includes(cursorStatus as string)) ? keysetValues(db, order, after).slice(skipped) : [];
  afterValues.forEach((value, i) => (values[`after_${i}`] = value));
  const afterOf = (v: Record<string, string>) => afterValues.map((_, i) => v[`after_${i}`]);

  /** What a business must be to be listed, beyond its customer: the filters, then the searches. */
  const conditions = (v: Record<string, string>): Knex.Raw[] => [
    ...filters.map((name) => (name === 'status' ? statusIs(db, String(query.filter.status), v.filter_status) : db.raw('?? = ?', [`b.${name}`, v[`filter_${name}`]]))),
    ...searches.map((name) => db.raw(`?? ilike ? escape '\\'`, [`b.${name}`, v[`search_${name}`]])),
  ];
  const matches = (v: Record<string, string>, extra: Knex.Raw[] = []) => {
    const found = db('cases.businesses as b').where('b.customer_id', v.customerId).whereNull('b.deleted_at');
    for (const condition of [...conditions(v), ...extra]) found.andWhere(condition);
    return found;
  };

  // Totals (ADR 0056): the kept counts where they answer exactly; else the sample, and a count that stops past EXACT_TOTAL_UP_TO.
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
  const pageValues = (v: Record<string, string>) => (counted ? [db.raw('? as total_count', [keptCount(v)])] : []);

  // The page's keys: as SQL compares them (`sort_<i>`), and as text for the next cursor (`keyset_<i>`).
  const keys = keysetSqlKeys(db, orderOf(statuses[0]));
  const sortColumns = (of: KeysetSqlKey[]) => of.map((key, i) => db.raw(`${key.sql} as sort_${i}`));
  const sortOrder = (prefix: string) => keys.map((key, i) => `${prefix}sort_${i} ${key.direction}`).join(', ');

  /** The page's ids and keys (`p`), from the businesses alone (and the status probed per business). */
  const pageOf = (v: Record<string, string>): Knex.Raw => {
    if (!byStatus) {
      const ids = matches(v).select('b.id', ...keysetColumns(db, order), ...sortColumns(keys)).orderByRaw(keysetOrderSql(keys));
      if (query.sort.some(([field]) => field === 'status')) ids.leftJoin(`${VERIFICATION_DIRECTORY_VIEW} as sv`, 'sv.business_id', 'b.id');
      if (after) ids.where(keysetAfter(db, keys, afterOf(v)));
      return query.paginate ? db.raw('(? limit ? offset ?) as p', [ids, v.limit, v.offset]) : db.raw('(?) as p', [ids]);
    }
    const parts = statuses.map((status) => {
      const partKeys = keysetSqlKeys(db, orderOf(status));
      const part = matches(v, [statusIs(db, status, status)]).select('b.id', ...keysetColumns(db, orderOf(status)), ...sortColumns(partKeys));
      part.orderByRaw(keysetOrderSql(partKeys.slice(1)));
      if (status === cursorStatus) part.where(keysetAfter(db, partKeys.slice(1), afterOf(v)));
      return query.paginate ? db.raw('(? limit ?)', [part, v.reach]) : db.raw('(?)', [part]);
    });
    const union = `select * from (${parts.map(() => '?').join(' union all ')}) as u order by ${sortOrder('u.')}`;
    return query.paginate ? db.raw(`(${union} limit ? offset ?) as p`, [...parts, v.limit, v.offset]) : db.raw(`(${union}) as p`, parts);
  };

  return {
    // The cursor's status shapes the text only as the part it starts in, one of the statuses: a forged one never makes a statement of its own.
    shape: JSON.stringify([listShapeOf(query, {}).shape, query.filter.status ?? null, after ? 'after' : 'page', statuses, statuses.find((status) => status === cursorStatus) ?? null]),
    values,
    /** The values of the statements without the page's. */
    totalValues: Object.fromEntries(Object.entries(values).filter(([name]) => !['limit', 'offset', 'reach'].includes(name) && !name.startsWith('after_'))) as ShapeValues,
    counted,
    /** Sorted by status, a cursor past every status the list reads has no page after it. */
    empty: byStatus && statuses.length === 0,
    /** The page's businesses as shown, with the keys of the next cursor, and the kept count beside each where it is the total. */
    page: (v: Record<string, string>) =>
      businessesWithClassification(db)
        .join(pageOf(v), 'p.id', 'b.id')
        .select([...selectedBusiness(db, false), ...[...query.sort, 'id'].map((_, i) => `p.keyset_${i}`), ...pageValues(v)])
        .orderByRaw(sortOrder('p.')),
    total: (v: Record<string, string>) => db.select(db.raw('? as total_count', [totalOf(v)])),
    /** The kept count of the businesses the monitoring filter leaves (`base`), how many of its newest ESTIMATE_SAMPLE (and one more, to tell whether there are more) there are, and how many of those match the rest. */
    estimate: (v: Record<string, string>) => {
      const newest = db('cases.businesses as b').where('b.customer_id', v.customerId).whereNull('b.deleted_at');
      if (query.filter.is_monitoring_enabled !== undefined) newest.andWhere('b.is_monitoring_enabled', v.filter_is_monitoring_enabled);
      const sampled = newest.select('b.id', 'b.name', 'b.external_id').orderBy([{ column: 'b.created_at', order: 'desc' }, { column: 'b.id', order: 'desc' }]).limit(ESTIMATE_SAMPLE + 1);
      const rest = conditions(v).filter((_, i) => filters[i] !== 'is_monitoring_enabled');
      return db
        .select(keptCount(v).wrap('', ' as base'), db.raw('count(*) as sampled'), db.raw(`count(*) filter (where ${rest.map(() => '?').join(' and ')}) as matched`, rest))
        .from(db.raw('(?) as b', [sampled]));
    },
  };
}

/**
 * SQL of a customer's business list (issue 46, ADR 0056): a page by number or after a cursor's
 * position (keyset), each sort read in the order of its index (case migration 0032), and a total
 * that never counts a million rows: the kept counts (case migration 0033) without a filter or
 * search but monitoring, else exact up to EXACT_TOTAL_UP_TO matches (or a customer's every
 * business up to ESTIMATE_SAMPLE) and estimated past them.
 */
export function createBusinessListRead(db: Knex) {
  const shapes = preparedShapes<Record<string, unknown>>(db);

  /**
   * The total of a list the kept counts do not answer: the share of matches among the customer's
   * newest ESTIMATE_SAMPLE businesses (all of them, exactly, when it has no more), times the kept
   * count they are drawn from, once enough of them match for it to pass EXACT_TOTAL_UP_TO; else a
   * count that stops past EXACT_TOTAL_UP_TO, exact below it.
   */
  const totalOf = async (sql: ReturnType<typeof listSqlOf>): Promise<{ total: number; estimated: boolean }> => {
    const [sample] = await shapes(`${sql.shape}:sample`, sql.totalValues, sql.estimate);
    const [sampled, matched, base] = [Number(sample.sampled), Number(sample.matched), Number(sample.base)];
    if (sampled <= ESTIMATE_SAMPLE) return { total: matched, estimated: false };
    const projected = Math.round((matched / sampled) * base);
    if (matched >= SAMPLED_MATCHES_TO_ESTIMATE && projected > EXACT_TOTAL_UP_TO) return { total: projected, estimated: true };
    const counted = Number((await shapes(`${sql.shape}:total`, sql.totalValues, sql.total))[0].total_count);
    return counted <= EXACT_TOTAL_UP_TO ? { total: counted, estimated: false } : { total: Math.max(EXACT_TOTAL_UP_TO + 1, projected), estimated: true };
  };

  return async function list(query: BusinessListQuery): Promise<BusinessListPage> {
    const sql = listSqlOf(db, query);
    const read = sql.empty ? [] : await shapes(sql.shape, sql.values, sql.page);
    const { rows, next } = keysetPageOf<Record<string, unknown>>(read, { sort: query.sort, kinds: BUSINESS_SORT_KINDS }, query);
    const items = rows.map(toItem);
    if (!sql.counted) return { items, ...(await totalOf(sql)), next };
    const total = Number((rows.length > 0 ? rows : await shapes(`${sql.shape}:total`, sql.totalValues, sql.total))[0].total_count);
    return { items, total, estimated: false, next };
  };
}

/** A row of the page as the aggregate the service answers. */
const toItem = ({ total_count: _, ...row }: Record<string, unknown>) => toBusinessAggregate(row);
