import type { Knex } from '@kyb/db';
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

/** Reads businesses (not deleted) through the case area's directory views. */
export function createBusinessDirectory(db: Knex) {
  return {
    /** The business, or undefined (also for a value that is not a UUID, or a deleted business). */
    async find(businessId: string): Promise<BusinessEntry | undefined> {
      if (!isUuid(businessId)) return undefined;
      const row = await db(BUSINESS_DIRECTORY_VIEW).where({ id: businessId }).first();
      return row ? toBusiness(row) : undefined;
    },
    /** The business's owners in the order they were given. */
    async owners(businessId: string): Promise<BusinessOwnerEntry[]> {
      if (!isUuid(businessId)) return [];
      const rows = await db(BUSINESS_OWNER_DIRECTORY_VIEW).where({ business_id: businessId }).orderBy('position');
      return rows.map(toOwner);
    },
    /** Ids of the businesses with monitoring switched on, in pages of `limit` after `afterId`. */
    async monitoredIds(afterId: string | null, limit: number): Promise<string[]> {
      const query = db(BUSINESS_DIRECTORY_VIEW).where({ is_monitoring_enabled: true }).orderBy('id').limit(limit);
      if (afterId) query.where('id', '>', afterId);
      return query.pluck('id');
    },
  };
}

/** The business directory type, for injection. */
export type BusinessDirectory = ReturnType<typeof createBusinessDirectory>;

/** A fixture business for {@link createBusinessDirectoryStandIn}. */
export type StandInBusiness = Partial<Omit<BusinessEntry, 'id' | 'customerId'>> & {
  id: string;
  customerId: string;
  owners?: Array<Partial<Omit<BusinessOwnerEntry, 'id'>> & { firstName: string; lastName: string }>;
};

/**
 * For tests of areas that read the business directory: tables with the views' contract (names
 * and columns), so they run without the case area's migrations. The case area's own tests check
 * that its real views have this shape.
 */
export async function createBusinessDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists cases');
  await db.raw(`create table if not exists ${BUSINESS_DIRECTORY_VIEW} (id uuid primary key, customer_id uuid not null, name text not null,
    official_website text, mobile text, address_line_1 text, address_line_2 text, address_city text, address_state text,
    address_postal_code text, address_country text, tin_masked text, naics_code text, mcc_code text, is_monitoring_enabled boolean not null,
    external_id text, created_at timestamptz not null default now())`);
  await db.raw(`create table if not exists ${BUSINESS_OWNER_DIRECTORY_VIEW} (id uuid primary key default gen_random_uuid(),
    business_id uuid not null, position smallint not null, first_name text not null, last_name text not null, line_1 text, line_2 text,
    city text, state text, postal_code text, country text, ssn_masked text, owner_type text not null, ownership_percentage numeric(5,2))`);
  return {
    async put(business: StandInBusiness): Promise<void> {
      await db(BUSINESS_DIRECTORY_VIEW)
        .insert({
          id: business.id,
          customer_id: business.customerId,
          name: business.name ?? 'Test Business',
          official_website: business.officialWebsite ?? null,
          mobile: business.mobile ?? '+14155550132',
          address_line_1: business.addressLine1 ?? '1234 Testing Blvd.',
          address_line_2: business.addressLine2 ?? null,
          address_city: business.addressCity ?? 'Longwood',
          address_state: business.addressState ?? 'FL',
          address_postal_code: business.addressPostalCode ?? '32850',
          address_country: business.addressCountry ?? 'US',
          tin_masked: business.tinMasked ?? 'XXXXX6789',
          naics_code: business.naicsCode ?? null,
          mcc_code: business.mccCode ?? null,
          is_monitoring_enabled: business.isMonitoringEnabled ?? false,
          external_id: business.externalId ?? null,
          ...(business.createdAt ? { created_at: business.createdAt } : {}),
        })
        .onConflict('id')
        .merge();
      await db(BUSINESS_OWNER_DIRECTORY_VIEW).where({ business_id: business.id }).delete();
      for (const [position, owner] of (business.owners ?? []).entries()) {
        await db(BUSINESS_OWNER_DIRECTORY_VIEW).insert({
          business_id: business.id,
          position,
          first_name: owner.firstName,
          last_name: owner.lastName,
          line_1: owner.line1 ?? '456 Owner Rd',
          line_2: owner.line2 ?? null,
          city: owner.city ?? 'Brooklyn',
          state: owner.state ?? 'NY',
          postal_code: owner.postalCode ?? '11201',
          country: owner.country ?? 'US',
          ssn_masked: owner.ssnMasked ?? null,
          owner_type: owner.ownerType ?? 'CONTROL',
          ownership_percentage: owner.ownershipPercentage ?? null,
        });
      }
    },
    /** Removes the business, as a deletion in the case area would. */
    async remove(businessId: string): Promise<void> {
      await db(BUSINESS_OWNER_DIRECTORY_VIEW).where({ business_id: businessId }).delete();
      await db(BUSINESS_DIRECTORY_VIEW).where({ id: businessId }).delete();
    },
  };
}
