/*
 * What the reads-at-scale step adds through the API and loads: a tenant's businesses as a payments
 * company has them (a few with sandbox trigger words, so liens, judgements and bankruptcies are
 * there; one in ten monitored; DBAs, owners with SSNs, TINs and external ids), and each read of
 * issue 46's list, the same request at both sizes but for the page in the middle.
 */
import type { Caller } from './api-client';
import type { LoadTarget } from './load';

const ADJECTIVES = ['Amber', 'Birch', 'Cedar', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor', 'Iris', 'Juniper', 'Kestrel', 'Linden', 'Maple', 'Nova', 'Orchid', 'Pioneer', 'Quartz', 'Rowan', 'Summit', 'Tidal'];
const NOUNS = ['Dental', 'Bakery', 'Logistics', 'Hardware', 'Florist', 'Garage', 'Studio', 'Pharmacy', 'Roasters', 'Outfitters', 'Tailors', 'Cabinetry', 'Kitchen', 'Printing', 'Salon', 'Vineyard', 'Cycles', 'Optics', 'Plumbing', 'Books', 'Brewing', 'Textiles', 'Marine', 'Tutoring', 'Pet Care'];
/** The word the name search looks for: in one name of 25. */
export const SEARCHED_WORD = 'Roasters';

/** Sandbox trigger words (apps/integration sandbox-public-records.provider.ts) some names carry, so the public records have liens, judgements and bankruptcies. */
function triggerWords(n: number): string {
  return [n % 20 === 3 ? 'Liens' : '', n % 25 === 7 ? 'Judgement' : '', n % 50 === 11 ? 'Bankrupt' : ''].filter(Boolean).join(' ');
}

/** The `n`-th business the step adds through the API. */
export function scaleBusinessRow(n: number): Record<string, unknown> {
  const name = [ADJECTIVES[n % ADJECTIVES.length], NOUNS[Math.floor(n / ADJECTIVES.length) % NOUNS.length], triggerWords(n), 'Co', String(n)].filter(Boolean).join(' ');
  return {
    name,
    external_id: `scale-${n}`,
    ...(n % 7 === 0 ? {} : { tin: String(100_000_000 + ((n * 7919) % 899_999_999)) }),
    mobile: '4155550132',
    address_line_1: `${100 + (n % 900)} Market St`,
    address_city: 'Longwood',
    address_state: 'FL',
    address_postal_code: '32850',
    is_monitoring_enabled: n % 10 === 0,
    ...(n % 3 === 0 ? { dba1_name: `${name} Shop` } : {}),
    owner1_first_name: 'Ann',
    owner1_last_name: `Lee ${n}`,
    owner1_owner_type: 'CONTROL',
    owner1_ownership_percentage: n % 2 === 0 ? 100 : 60,
    owner1_ssn: String(200_000_000 + ((n * 104_729) % 699_999_999)),
    owner1_dob: '1980-01-02',
    ...(n % 2 === 0 ? {} : { owner2_first_name: 'Bob', owner2_last_name: `Kim ${n}`, owner2_owner_type: 'BENEFICIARY', owner2_ownership_percentage: 40 }),
  };
}

/** What the reads are of: the tenant, and one of its businesses with a report. */
export interface ScaleSubject {
  owner: Caller;
  businessId: string;
  externalId: string;
  reportId: string;
}

/** Every read of issue 46's list, for a tenant of `businesses`: the page in the middle moves with its size. */
export function scaleReads(subject: ScaleSubject, businesses: number): Array<{ name: string; target: LoadTarget }> {
  const { owner, businessId } = subject;
  const get = (path: string): LoadTarget => ({ url: `${owner.base}${path}`, headers: { authorization: `Bearer ${owner.token}` } });
  const list = (query: string) => get(`/case/api/v1/customers/${owner.customerId}/businesses?items_per_page=10&${query}`);
  const sorts: Array<[string, 'asc' | 'desc']> = [['name', 'asc'], ['external_id', 'asc'], ['status', 'asc'], ['created_at', 'desc'], ['updated_at', 'desc']];
  return [
    { name: 'E9 get business', target: get(`/case/api/v1/businesses/${businessId}`) },
    { name: 'E9 with fetch_owner_details=true', target: get(`/case/api/v1/businesses/${businessId}?fetch_owner_details=true`) },
    { name: 'E1 public records', target: get(`/integration/api/v1/business/${businessId}/public-records`) },
    { name: 'E11 BJL facts', target: get(`/integration/api/v1/facts/business/${businessId}/bjl`) },
    { name: 'E10 score', target: get(`/score/api/v1/score/business/${businessId}`) },
    { name: 'E6 report', target: get(`/report/api/v1/reports/${subject.reportId}`) },
    { name: 'business list, first page', target: list('page=1') },
    ...sorts.map(([field, direction]) => ({ name: `business list, first page sorted by ${field} ${direction}`, target: list(`page=1&sort[${field}]=${direction}`) })),
    { name: 'business list, the page in the middle (sorted by name)', target: list(`page=${Math.max(1, Math.ceil(businesses / 20))}&sort[name]=asc`) },
    { name: 'business list, filter[status]=VERIFIED', target: list('page=1&filter[status]=VERIFIED') },
    { name: 'business list, filter[is_monitoring_enabled]=true', target: list('page=1&filter[is_monitoring_enabled]=true') },
    { name: 'business list, filter[external_id] (one business)', target: list(`page=1&filter[external_id]=${encodeURIComponent(subject.externalId)}`) },
    { name: `business list, search[name]=${SEARCHED_WORD} (one name in 25)`, target: list(`page=1&search[name]=${SEARCHED_WORD}`) },
  ];
}
