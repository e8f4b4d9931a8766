import type { Knex } from '@kyb/db';
import { BUSINESS_DIRECTORY_VIEW, BUSINESS_OWNER_DIRECTORY_VIEW, type BusinessEntry, type BusinessOwnerEntry } from '../case/business-directory';
import { BUSINESS_NAME_DIRECTORY_VIEW } from '../case/watchlist-subjects-directory';
import { INVITATION_DIRECTORY_VIEW, type InvitationEntry } from '../case/invitation-directory';
import { TIN_DIRECTORY_VIEW } from '../case/tin-directory';
import { MONITORING_SETTINGS_DIRECTORY_VIEW, type MonitoringSettings } from '../case/monitoring-settings-directory';

/** A fixture business for {@link createBusinessDirectoryStandIn}. */
export type StandInBusiness = Partial<Omit<BusinessEntry, 'id' | 'customerId'>> & {
  id: string;
  customerId: string;
  owners?: Array<Partial<Omit<BusinessOwnerEntry, 'id'>> & { firstName: string; lastName: string; id?: string; dateOfBirth?: string | null }>;
  /** The business's other names (DBAs). */
  otherNames?: string[];
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
    city text, state text, postal_code text, country text, ssn_masked text, owner_type text not null, ownership_percentage numeric(5,2),
    date_of_birth date)`);
  await db.raw(`create table if not exists ${BUSINESS_NAME_DIRECTORY_VIEW} (business_id uuid not null, position smallint not null, name text not null,
    is_primary boolean not null)`);
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
      await db(BUSINESS_NAME_DIRECTORY_VIEW).where({ business_id: business.id }).delete();
      const names = [business.name ?? 'Test Business', ...(business.otherNames ?? [])];
      await db(BUSINESS_NAME_DIRECTORY_VIEW).insert(names.map((name, position) => ({ business_id: business.id, position, name, is_primary: position === 0 })));
      for (const [position, owner] of (business.owners ?? []).entries()) {
        await db(BUSINESS_OWNER_DIRECTORY_VIEW).insert({
          ...(owner.id ? { id: owner.id } : {}),
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
          date_of_birth: owner.dateOfBirth ?? null,
        });
      }
    },
    /** Removes the business, as a deletion in the case area would. */
    async remove(businessId: string): Promise<void> {
      await db(BUSINESS_OWNER_DIRECTORY_VIEW).where({ business_id: businessId }).delete();
      await db(BUSINESS_NAME_DIRECTORY_VIEW).where({ business_id: businessId }).delete();
      await db(BUSINESS_DIRECTORY_VIEW).where({ id: businessId }).delete();
    },
  };
}

/** For tests of areas that read the invitation directory: a table with the view's contract. */
export async function createInvitationDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists cases');
  await db.raw(`create table if not exists ${INVITATION_DIRECTORY_VIEW} (id uuid primary key, customer_id uuid not null, business_id uuid not null,
    applicant_email text not null, applicant_first_name text not null, applicant_last_name text not null, expires_at timestamptz not null)`);
  return {
    async put(entry: Omit<InvitationEntry, 'applicantFirstName' | 'applicantLastName'> & { applicantFirstName?: string; applicantLastName?: string }) {
      await db(INVITATION_DIRECTORY_VIEW).insert({
        id: entry.id,
        customer_id: entry.customerId,
        business_id: entry.businessId,
        applicant_email: entry.applicantEmail,
        applicant_first_name: entry.applicantFirstName ?? 'Jim',
        applicant_last_name: entry.applicantLastName ?? 'Tester',
        expires_at: entry.expiresAt,
      });
    },
  };
}

/** For tests of areas that read sealed TINs: a table with the view's contract. */
export async function createTinDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists cases');
  await db.raw(`create table if not exists ${TIN_DIRECTORY_VIEW} (business_id uuid primary key, tin_sealed text)`);
  return {
    async put(businessId: string, tinSealed: string | null): Promise<void> {
      await db(TIN_DIRECTORY_VIEW).insert({ business_id: businessId, tin_sealed: tinSealed }).onConflict('business_id').merge();
    },
  };
}

/** For tests of areas that read customers' monitoring settings: a table with the view's contract. */
export async function createMonitoringSettingsStandIn(db: Knex) {
  await db.raw('create schema if not exists cases');
  await db.raw(`create table if not exists ${MONITORING_SETTINGS_DIRECTORY_VIEW} (customer_id uuid primary key, frequency text not null,
    score_change_alert_points integer not null, updated_at timestamptz not null default now())`);
  return {
    async put(customerId: string, settings: MonitoringSettings): Promise<void> {
      await db(MONITORING_SETTINGS_DIRECTORY_VIEW)
        .insert({ customer_id: customerId, frequency: settings.frequency, score_change_alert_points: settings.scoreChangeAlertPoints, updated_at: new Date() })
        .onConflict('customer_id')
        .merge();
    },
  };
}
