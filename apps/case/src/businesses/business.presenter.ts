import type { BusinessAggregate } from './business.types';

const idText = (value: number | null): string | null => (value === null ? null : String(value));

/**
 * A business as contract 2.7 shows it. The TIN and owners' SSNs leave only masked; owners are
 * listed only when asked for (`withOwners`). Status and classification are read with the business
 * (see the store): the client's codes win over a provider's; ids are strings. The industry,
 * names, addresses and owners come from the store already in the contract's shape.
 */
export function presentBusiness(aggregate: BusinessAggregate, withOwners: boolean) {
  const b = aggregate.business;
  return {
    id: b.id,
    customer_id: b.customer_id,
    name: b.name,
    tin: b.tin_masked,
    mobile: b.mobile,
    official_website: b.official_website,
    public_website: b.public_website,
    social_account: b.social_account,
    address_apartment: b.address_apartment,
    address_line_1: b.address_line_1,
    address_line_2: b.address_line_2,
    address_city: b.address_city,
    address_state: b.address_state,
    address_postal_code: b.address_postal_code,
    address_country: b.address_country,
    created_at: b.created_at,
    created_by: b.created_by,
    updated_at: b.updated_at,
    updated_by: b.updated_by,
    deleted_at: b.deleted_at,
    deleted_by: b.deleted_by,
    status: b.status,
    industry: b.industry,
    mcc_id: idText(b.mcc_id),
    naics_id: idText(b.naics_id),
    naics_code: b.shown_naics_code,
    naics_title: b.naics_title,
    mcc_code: b.shown_mcc_code,
    mcc_title: b.mcc_title,
    is_deleted: b.deleted_at !== null,
    external_id: b.external_id,
    is_monitoring_enabled: b.is_monitoring_enabled,
    subscription: { status: b.subscription_status, created_at: b.subscription_created_at, updated_at: b.subscription_updated_at },
    owners: withOwners ? aggregate.owners : [],
    business_names: aggregate.names,
    business_addresses: aggregate.addresses,
  };
}

/** The presented business type. */
export type BusinessRecord = ReturnType<typeof presentBusiness>;
