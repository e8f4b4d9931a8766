import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { BusinessProfile } from '../../../providers/business-profile';
import type { ScreeningCredentials } from '../../../providers/screening.provider';
import type { FakeTerminatedMerchant } from './match-pro-matching';

/** A MATCH Pro client for tests: a consumer key in Mastercard's shape (`...!...`) and an RSA key pair. */
export interface MatchProTestClient {
  consumerKey: string;
  privateKey: string;
  publicKey: string;
}

export function matchProTestClient(): MatchProTestClient {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    consumerKey: `${randomBytes(12).toString('base64url')}!${randomBytes(24).toString('hex')}`,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The screening credentials of a test client inquiring as `acquirerId`. */
export function credentialsOf(client: MatchProTestClient, acquirerId: string | null): ScreeningCredentials {
  return { consumerKey: client.consumerKey, privateKey: client.privateKey, certificate: null, certificateExpiry: new Date('2030-01-01T00:00:00Z'), acquirerId };
}

/** A business with two owners; `name` replaces its name. */
export function sampleBusiness(name = 'Bluewater Bait Shop LLC'): BusinessProfile {
  return {
    id: 'biz-0001',
    customerId: 'cust-0001',
    name,
    officialWebsite: 'https://www.bluewaterbait.example/',
    mobile: '+1 (314) 555-0142',
    addressLine1: '42 Elm Avenue',
    addressCity: 'Saint Louis',
    addressState: 'MO',
    addressPostalCode: '63101',
    addressCountry: 'US',
    owners: [
      { id: 'own-1', firstName: 'David', lastName: 'Smith', line1: '9 Oak Street', city: 'Saint Louis', state: 'MO', postalCode: '63102', country: 'US' },
      { id: 'own-2', firstName: 'Maria', lastName: 'Lopez', line1: null, city: null, state: null, postalCode: null, country: null },
    ],
  };
}

/** A merchant terminated for excessive chargebacks: same name, address and first owner as the sample. */
export const SAME_MERCHANT: FakeTerminatedMerchant = {
  name: 'BLUEWATER BAIT SHOP LLC',
  address: { addressLineOne: '42 ELM AVENUE', city: 'SAINT LOUIS', countrySubdivision: 'MO', postalCode: '63101', country: 'USA' },
  phoneNumber: '3145550199',
  urls: ['www.bluewaterbait.example', 'www.bluewater-deals.example'],
  principals: [{ firstName: 'DAVID', lastName: 'SMITH', address: { addressLineOne: '1 ELSEWHERE RD', city: 'TULSA', country: 'USA' }, phoneNumber: '9185550100' }],
  reasonCode: '04',
  reasonCodeDesc: 'Excessive Chargebacks',
  addedByAcquirerId: '5318',
  dateClosed: '2024-03-18',
};

/** A merchant whose name only sounds like the sample's, terminated for laundering. */
export const SOUND_ALIKE_MERCHANT: FakeTerminatedMerchant = {
  name: 'BLUWOTER BAYT SHOPP LLC',
  address: { addressLineOne: '7 RIVER ROAD', city: 'MEMPHIS', countrySubdivision: 'TN', postalCode: '38103', country: 'USA' },
  principals: [{ firstName: 'ERIC', lastName: 'NGUYEN' }],
  reasonCode: '03',
  reasonCodeDesc: 'Laundering',
  addedByAcquirerId: '7421',
  dateClosed: '2022-11-02',
};

/** Terminated merchants that resemble nothing in the samples. */
export function unrelatedMerchants(count: number): FakeTerminatedMerchant[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `QUARTZ VENTURE ${i + 1}`,
    reasonCode: '12',
    reasonCodeDesc: 'Payment Card Industry Data Security Standard Noncompliance',
    addedByAcquirerId: '1996',
    dateClosed: '2023-01-15',
  }));
}
