/**
 * An E12 row that sets every column the published body has a place for (tests of the published
 * shapes). `tag` keeps the external id and the applicant email apart between requests.
 */
export function everyFieldRow(tag: string): Record<string, string | number | boolean> {
  return {
    name: 'Bright Smile Dental',
    external_id: `EXT-${tag}`,
    tin: '12-3456789',
    mobile: '+1 415 555 0132',
    official_website: 'https://www.brightsmile.example',
    public_website: 'https://brightsmile.example',
    social_account: '@brightsmile',
    address_apartment: 'Suite 400',
    address_line_1: '1234 Testing Blvd.',
    address_line_2: 'Floor 4',
    address_city: 'Longwood',
    address_state: 'FL',
    address_postal_code: '32850',
    address_country: 'US',
    naics_code: 621210,
    mcc_code: 8021,
    is_monitoring_enabled: true,
    dba1_name: 'Bright Smile',
    applicant_first_name: 'Ann',
    applicant_last_name: 'Lee',
    applicant_email: `ann.${tag.toLowerCase()}@example.org`,
    owner1_title: 'Owner',
    owner1_first_name: 'Ann',
    owner1_last_name: 'Lee',
    owner1_email: 'ann.lee@example.org',
    owner1_mobile: '+1 415 555 0199',
    owner1_ssn: '123-45-6789',
    owner1_dob: '1980-01-01',
    owner1_address_line_1: '456 Owner Rd',
    owner1_address_city: 'Brooklyn',
    owner1_address_state: 'NY',
    owner1_address_postal: '11201',
    owner1_address_country: 'US',
    owner1_owner_type: 'CONTROL',
    owner1_ownership_percentage: 100,
  };
}
