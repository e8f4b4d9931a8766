import { preparedRead, type Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';

/** The case area's read modules of businesses and their owners, created by its migrations. */
export const BUSINESS_DIRECTORY_VIEW = 'cases.business_directory';
export const BUSINESS_OWNER_DIRECTORY_VIEW = 'cases.business_owner_directory';

/** An owner as other areas may know it: no SSN but its masked form. */
export interface BusinessOwnerEntry {
  id: string;
  firstName: string;
  lastName: string;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  ssnMasked: string | null;
  ownerType: 'CONTROL' | 'BENEFICIARY';
  ownershipPercentage: number | null;
}

/** A business as other areas may know it: its tenant and what a data provider needs to find it. */
export interface BusinessEntry {
  id: string;
  customerId: string;
  name: string;
  officialWebsite: string | null;
  mobile: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  addressCity: string | null;
  addressState: string | null;
  addressPostalCode: string | null;
  addressCountry: string | null;
  tinMasked: string | null;
  /** The client's NAICS and merchant category codes (null when the client sent none; a provider's are in the verification directory). */
  naicsCode: string | null;
  mccCode: string | null;
  isMonitoringEnabled: boolean;
  externalId: string | null;
  createdAt: Date;
}

type Row = Record<string, unknown>;

function toBusiness(row: Row): BusinessEntry {
  return {
    id: row.id as string,
    customerId: row.customer_id as string,
    name: row.name as string,
    officialWebsite: (row.official_website as string | null) ?? null,
    mobile: (row.mobile as string | null) ?? null,
    addressLine1: (row.address_line_1 as string | null) ?? null,
    addressLine2: (row.address_line_2 as string | null) ?? null,
    addressCity: (row.address_city as string | null) ?? null,
    addressState: (row.address_state as string | null) ?? null,
    addressPostalCode: (row.address_postal_code as string | null) ?? null,
    addressCountry: (row.address_country as string | null) ?? null,
    tinMasked: (row.tin_masked as string | null) ?? null,
    naicsCode: (row.naics_code as string | null) ?? null,
    mccCode: (row.mcc_code as string | null) ?? null,
    isMonitoringEnabled: row.is_monitoring_enabled === true,
    externalId: (row.external_id as string | null) ?? null,
    createdAt: row.created_at as Date,
  };
}

function toOwner(row: Row): BusinessOwnerEntry {
  const percentage = row.ownership_percentage;
  return {
    id: row.id as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    line1: (row.line_1 as string | null) ?? null,
    line2: (row.line_2 as string | null) ?? null,
    city: (row.city as string | null) ?? null,
    state: (row.state as string | null) ?? null,
    postalCode: (row.postal_code as string | null) ?? null,
    country: (row.country as string | null) ?? null,
    ssnMasked: (row.ssn_masked as string | null) ?? null,
    ownerType: row.owner_type as 'CONTROL' | 'BENEFICIARY',
    ownershipPercentage: percentage === null || percentage === undefined ? null : Number(percentage),
  };
}

/** The distinct values of `ids` that are UUIDs: what a batch read may ask for. */
export function uuidsOf(ids: readonly string[]): string[] {
  return [...new Set(ids.filter(isUuid))];
}

/** Reads businesses (not deleted) through the case area's directory views. */
export function createBusinessDirectory(db: Knex) {
  const byId = preparedRead<Record<string, unknown>, 'id'>(db, ['id'], (v) => db(BUSINESS_DIRECTORY_VIEW).where({ id: v.id }).first());
  return {
    /** The business, or undefined (also for a value that is not a UUID, or a deleted business). */
    async find(businessId: string): Promise<BusinessEntry | undefined> {
      if (!isUuid(businessId)) return undefined;
      const [row] = await byId({ id: businessId });
      return row ? toBusiness(row) : undefined;
    },
    /** The business's owners in the order they were given. */
    async owners(businessId: string): Promise<BusinessOwnerEntry[]> {
      if (!isUuid(businessId)) return [];
      const rows = await db(BUSINESS_OWNER_DIRECTORY_VIEW).where({ business_id: businessId }).orderBy('position');
      return rows.map(toOwner);
    },
    /** The businesses of `ids` that exist, by id, in one statement (a batch; values that are not UUIDs are skipped). */
    async findMany(ids: readonly string[]): Promise<Map<string, BusinessEntry>> {
      const wanted = uuidsOf(ids);
      if (wanted.length === 0) return new Map();
      const rows: Row[] = await db(BUSINESS_DIRECTORY_VIEW).whereRaw('id = any(?::uuid[])', [wanted]);
      return new Map(rows.map((row) => [row.id as string, toBusiness(row)]));
    },
    /** The owners of each business of `ids`, in the order they were given, in one statement (a business without owners is absent). */
    async ownersOfMany(ids: readonly string[]): Promise<Map<string, BusinessOwnerEntry[]>> {
      const wanted = uuidsOf(ids);
      const owners = new Map<string, BusinessOwnerEntry[]>();
      if (wanted.length === 0) return owners;
      // Driven by the ids: a table that just grew (a bulk's businesses, before autovacuum has analyzed them) looks
      // small to the planner, which then probed every business for `= any(ids)`: 20 ms a batch of 100, 5 ms so.
      const { rows } = await db.raw<{ rows: Row[] }>(
        `select d.* from unnest(?::uuid[]) as w(business_id) join ${BUSINESS_OWNER_DIRECTORY_VIEW} as d on d.business_id = w.business_id order by d.business_id, d.position`,
        [wanted],
      );
      for (const row of rows) {
        const list = owners.get(row.business_id as string) ?? [];
        if (list.length === 0) owners.set(row.business_id as string, list);
        list.push(toOwner(row));
      }
      return owners;
    },
    /** The businesses with monitoring switched on (id and tenant), in pages of `limit` after `afterId`, by id. */
    async monitoredPage(afterId: string | null, limit: number): Promise<Array<{ id: string; customerId: string }>> {
      const query = db(BUSINESS_DIRECTORY_VIEW).where({ is_monitoring_enabled: true }).orderBy('id').limit(limit).select<Array<{ id: string; customer_id: string }>>('id', 'customer_id');
      if (afterId) query.where('id', '>', afterId);
      return (await query).map((row) => ({ id: row.id, customerId: row.customer_id }));
    },
  };
}

/** The business directory type, for injection. */
export type BusinessDirectory = ReturnType<typeof createBusinessDirectory>;
