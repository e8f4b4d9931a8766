import type { BusinessProfile } from '../../../providers/business-profile';
import { startFakeVendor, type FakeAnswer, type FakeVendor } from '../../fake-vendor';
import { createCobaltFake, type CobaltFakeBusiness, type CobaltFakeData } from './cobalt-fake';

/** The key the fake accepts. */
export const COBALT_TEST_KEY = 'cobalt-key-9f3a7c';

/** An active Idaho LLC with two members, a person as agent, and its addresses: the fields Cobalt maps. */
export const RIVERBEND: CobaltFakeBusiness = {
  title: 'Riverbend Dental, LLC',
  sosId: '0004512398',
  status: 'Active-Existing',
  normalizedStatus: 'active',
  filingDate: '05/14/2019',
  normalizedFilingDate: '2019-05-14T00:00:00.000Z',
  stateOfSosRegistration: 'ID',
  stateOfFormation: 'ID',
  entityType: 'Limited Liability Company',
  physicalAddressStreet: '410 W Bannock St',
  physicalAddressCity: 'Boise',
  physicalAddressState: 'ID',
  physicalAddressZip: '83702',
  agentName: 'Maria Ortega',
  agentIsCommercial: false,
  confidenceLevel: 1,
  officers: [
    { name: 'ORTEGA, MARIA L', title: 'Member' },
    { name: 'Dev Patel', title: 'Manager' },
  ],
};

/** A dissolved namesake in another state, and near names in Idaho. */
export const COBALT_BUSINESSES: readonly CobaltFakeBusiness[] = [
  RIVERBEND,
  { ...RIVERBEND, sosId: '7788', status: 'Dissolved', normalizedStatus: 'inactive', stateOfSosRegistration: 'OR', officers: [] },
  { title: 'Riverbend Dental Group Inc', sosId: '0001', status: 'Active', normalizedStatus: 'active', stateOfSosRegistration: 'ID', confidenceLevel: 0.82 },
  { title: 'Riverbend Dental Lab LLC', sosId: '0002', status: 'Active', normalizedStatus: 'active', stateOfSosRegistration: 'ID', confidenceLevel: 0.78 },
];

/** A business as providers see it. */
export function cobaltTestProfile(name: string, addressState: string | null = 'ID'): BusinessProfile {
  return {
    id: 'b-1', customerId: 'c-1', name, officialWebsite: null, mobile: null,
    addressLine1: '410 W Bannock St', addressCity: 'Boise', addressState, addressPostalCode: '83702', addressCountry: 'US', owners: [],
  };
}

/** A started fake: the data can change per test, and `queued` answers go out before the fake's own. */
export interface CobaltFakeStand {
  vendor: FakeVendor;
  queued: FakeAnswer[];
  use(data: Partial<CobaltFakeData>): void;
}

export async function startCobaltFake(): Promise<CobaltFakeStand> {
  const base: CobaltFakeData = { apiKey: COBALT_TEST_KEY, businesses: COBALT_BUSINESSES };
  let handler = createCobaltFake(base);
  const queued: FakeAnswer[] = [];
  const vendor = await startFakeVendor((request) => queued.shift() ?? handler(request));
  return { vendor, queued, use: (data) => (handler = createCobaltFake({ ...base, ...data })) };
}
