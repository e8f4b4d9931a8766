import { randomUUID } from 'node:crypto';
import { maskSensitive, type DataKeyBox } from '@kyb/secrets';
import { DBA_SLOTS, ownerSlotsOf, type BusinessRowInput } from './business-row.columns';
import { classifyRow } from './industry-classification';
import { createPhoneReader, type PhoneReader } from './phone-numbers';

/** Everything one input row becomes in the case schema; stored by the business store's `insertRecords`. */
export interface BusinessRecords {
  business: Record<string, unknown> & { id: string; customer_id: string };
  names: Array<Record<string, unknown>>;
  addresses: Array<Record<string, unknown>>;
  owners: Array<Record<string, unknown>>;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value.trim() : null);
const digits = (value: string) => value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/** Options of {@link toBusinessRecords}. */
export interface RowOwnership {
  customerId: string;
  actorId: string;
  runId: string | null;
  /** Seals the TIN and SSNs with the customer's data key (and hashes the TIN for lookups with it). */
  sealedBox: Pick<DataKeyBox, 'seal' | 'lookupHash'>;
  /** Owner titles by lower-case title. */
  titles: ReadonlyMap<string, number>;
  /** When the rows are stored (the monitoring subscription's dates); now by default. */
  now?: Date;
  /** The request's phone reader (the one its checks used), so each number is parsed once; a new one by default. */
  phones?: PhoneReader;
}

/** Maps a checked input row to rows: TIN and SSNs sealed, hashed for lookups and masked. */
export function toBusinessRecords(row: BusinessRowInput, own: RowOwnership): BusinessRecords {
  const id = randomUUID();
  const phones = own.phones ?? createPhoneReader();
  const phone = (value: unknown): string | null => (typeof value === 'string' ? phones(value).e164 : null);
  const tin = typeof row.tin === 'string' ? digits(row.tin) : null;
  const audit = { created_by: own.actorId, updated_by: own.actorId };
  const now = own.now ?? new Date();
  const monitored = row.is_monitoring_enabled === true;
  const business = {
    id,
    customer_id: own.customerId,
    run_id: own.runId,
    name: row.name.trim(),
    tin_sealed: tin ? own.sealedBox.seal(tin) : null,
    tin_lookup: tin ? own.sealedBox.lookupHash(tin) : null,
    tin_masked: maskSensitive(tin),
    mobile: phone(row.mobile),
    official_website: str(row.official_website),
    public_website: str(row.public_website),
    social_account: str(row.social_account),
    address_apartment: str(row.address_apartment),
    address_line_1: str(row.address_line_1),
    address_line_2: str(row.address_line_2),
    address_city: str(row.address_city),
    address_state: str(row.address_state),
    address_postal_code: str(row.address_postal_code),
    address_country: str(row.address_country)?.toUpperCase() ?? (row.address_line_1 ? 'US' : null),
    // The row was checked: classifyRow's problems were row failures, so only its values are left.
    ...classifyRow(row).classification,
    external_id: str(row.external_id),
    is_monitoring_enabled: monitored,
    // A business added with monitoring on is subscribed to it from now.
    subscription_status: monitored ? 'ACTIVE' : null,
    subscription_created_at: monitored ? now : null,
    subscription_updated_at: monitored ? now : null,
    ...audit,
  };
  const names = [
    { business_id: id, position: 0, name: business.name, is_primary: true },
    ...DBA_SLOTS.map((n) => str(row[`dba${n}_name`]))
      .filter((name): name is string => name !== null)
      .map((name, i) => ({ business_id: id, position: i + 1, name, is_primary: false })),
  ];
  const addresses = business.address_line_1
    ? [
        {
          business_id: id,
          position: 0,
          line_1: business.address_line_1,
          apartment: business.address_apartment,
          city: business.address_city,
          state: business.address_state,
          country: business.address_country,
          postal_code: business.address_postal_code,
          mobile: business.mobile,
          is_primary: true,
        },
      ]
    : [];
  const owners = ownerSlotsOf(row).map((n, position) => {
    const get = (column: string) => row[`owner${n}_${column}`];
    const ssn = typeof get('ssn') === 'string' ? digits(get('ssn') as string) : null;
    const title = str(get('title'));
    return {
      business_id: id,
      position,
      title_id: title ? (own.titles.get(title.toLowerCase()) ?? null) : null,
      first_name: str(get('first_name')),
      last_name: str(get('last_name')),
      ssn_sealed: ssn ? own.sealedBox.seal(ssn) : null,
      ssn_masked: maskSensitive(ssn),
      email: str(get('email')),
      mobile: phone(get('mobile')),
      date_of_birth: str(get('dob')),
      line_1: str(get('address_line_1')),
      line_2: str(get('address_line_2')),
      city: str(get('address_city')),
      state: str(get('address_state')),
      postal_code: str(get('address_postal')),
      country: str(get('address_country'))?.toUpperCase() ?? null,
      ownership_percentage: get('ownership_percentage') ?? null,
      owner_type: get('owner_type'),
      ...audit,
    };
  });
  return { business, names, addresses, owners };
}
