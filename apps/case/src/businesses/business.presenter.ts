import type { BusinessAggregate, IndustryRow, OwnerRow } from './business.types';

const idText = (value: number | null): string | null => (value === null ? null : String(value));

/** The industry object of contract 2.7: ids as strings. */
function presentIndustry(industry: IndustryRow | null) {
  if (!industry) return null;
  return {
    id: String(industry.id),
    name: industry.name,
    code: industry.code,
    sector_code: industry.sector_code,
    created_at: industry.created_at,
    updated_at: industry.updated_at,
  };
}

function presentOwner(owner: OwnerRow) {
  return {
    id: owner.id,
    title: owner.title_id === null ? null : { id: String(owner.title_id), title: owner.title },
    first_name: owner.first_name,
    last_name: owner.last_name,
    ssn: owner.ssn_masked,
    email: owner.email,
    mobile: owner.mobile,
    date_of_birth: owner.date_of_birth,
    apartment: owner.apartment,
    line_1: owner.line_1,
    line_2: owner.line_2,
    city: owner.city,
    state: owner.state,
    postal_code: owner.postal_code,
    country: owner.country,
    created_at: owner.created_at,
    created_by: owner.created_by,
    updated_at: owner.updated_at,
    updated_by: owner.updated_by,
    ownership_percentage: owner.ownership_percentage === null ? null : Number(owner.ownership_percentage),
    owner_type: owner.owner_type,
  };
}

/**
 * A business as contract 2.7 shows it. The TIN and owners' SSNs leave only masked; owners are
 * listed only when asked for (`withOwners`). Status and classification are read with the business
 * (see the store): the client's codes win over a provider's; ids are strings.
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
    industry: presentIndustry(b.industry),
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
    owners: withOwners ? aggregate.owners.map(presentOwner) : [],
    business_names: aggregate.names.map((n) => ({ name: n.name, is_primary: n.is_primary })),
    business_addresses: aggregate.addresses.map((a) => ({
      line_1: a.line_1,
      apartment: a.apartment,
      city: a.city,
      state: a.state,
      country: a.country,
      postal_code: a.postal_code,
      mobile: a.mobile,
      is_primary: a.is_primary,
    })),
  };
}

/** The presented business type. */
export type BusinessRecord = ReturnType<typeof presentBusiness>;
