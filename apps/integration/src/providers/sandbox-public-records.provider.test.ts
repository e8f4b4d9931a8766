import { summarisePublicRecords } from '../public-records/public-records.summary';
import type { BusinessProfile } from './business-profile';
import { ProviderError } from './providers.errors';
import { BJL_STATUSES, type BjlKind, type ProviderPublicRecords } from './public-records.provider';
import { createSandboxPublicRecordsProvider, SANDBOX_REFERENCE_DATE, SANDBOX_TRIGGERS } from './sandbox-public-records.provider';
import { createSeededRandom } from './seeded-random';

const business = (overrides: Partial<BusinessProfile> = {}): BusinessProfile => ({
  id: '0b6d7c1e-4f0a-4c2b-9d3e-1a2b3c4d5e6f',
  customerId: 'c-1',
  name: 'Acme Widgets LLC',
  officialWebsite: null,
  mobile: null,
  addressLine1: '1 Main St',
  addressCity: 'Longwood',
  addressState: 'FL',
  addressPostalCode: '32850',
  addressCountry: 'US',
  owners: [],
  ...overrides,
});

const fetchFor = (overrides: Partial<BusinessProfile> = {}) => createSandboxPublicRecordsProvider().fetchPublicRecords(business(overrides));
const ofKind = (records: ProviderPublicRecords, kind: BjlKind) => records.records.filter((record) => record.kind === kind);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const isTwoDecimals = (amount: number | null) => amount !== null && amount > 0 && Math.round(amount * 100) / 100 === amount;
const reference = Date.parse(SANDBOX_REFERENCE_DATE);

async function expectProviderError(promise: Promise<unknown>, transient: boolean, message: string): Promise<void> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ProviderError);
  expect(error).toMatchObject({ transient, message });
}

/** Every invariant the summary and the scoring rely on. */
function expectConsistent(records: ProviderPublicRecords): void {
  const reviews = sum(records.reviewSources.map((source) => source.count));
  const { oneOrZero, two, three, four, five } = records.ratingCounts;
  expect(records.reviewSources.length).toBeGreaterThanOrEqual(2);
  expect(records.reviewSources.length).toBeLessThanOrEqual(4);
  expect(new Set(records.reviewSources.map((source) => source.source)).size).toBe(records.reviewSources.length);
  expect(oneOrZero + two + three + four + five).toBe(reviews);
  expect(records.reviewers.total).toBeLessThanOrEqual(reviews);
  expect(records.reviewers.duplicate).toBeLessThan(records.reviewers.total);
  expect(records.reviewsWithAlertWords).toBeLessThanOrEqual(reviews);
  expect(records.monthlyRating).toBeGreaterThanOrEqual(1);
  expect(records.monthlyRating).toBeLessThanOrEqual(5);
  const { cfpb, ftc, withAlertWords, resolutions } = records.complaints;
  expect(sum(Object.values(resolutions))).toBe(cfpb + ftc);
  expect(withAlertWords).toBeLessThanOrEqual(cfpb + ftc);
  for (const record of records.records) {
    expect(Date.parse(record.filingDate)).toBeLessThan(reference);
    expect(Date.parse(record.filingDate)).toBeGreaterThan(Date.parse(records.corporateFiling!.filingDate));
    expect(BJL_STATUSES[record.kind] as readonly string[]).toContain(record.status);
  }
  expect(Date.parse(records.corporateFiling!.filingDate)).toBeLessThan(reference);
  expect(Date.parse(records.corporateFiling!.secretaryOfStateStatusDate)).toBeLessThan(reference);
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DECIMAL = /^\d+\.\d{2}$/;

/** The summary's fields have the types contract 2.2 gives them. */
function expectContractTypes(records: ProviderPublicRecords): void {
  const summary = summarisePublicRecords(records);
  for (const field of ['number_of_business_liens', 'number_of_bankruptcies', 'number_of_judgement_fillings'] as const) {
    expect(summary[field]).toMatch(/^\d+$/);
  }
  for (const field of ['most_recent_business_lien_filing_date', 'most_recent_bankruptcy_filing_date', 'most_recent_judgement_filling_date'] as const) {
    expect(summary[field] === null || ISO.test(summary[field])).toBe(true);
  }
  expect(summary.corporate_filing_filling_date).toMatch(ISO);
  expect(summary.corporate_filing_secretary_of_state_status_date).toMatch(ISO);
  expect(summary.monthly_rating_date).toMatch(ISO);
  expect(summary.average_rating).toMatch(DECIMAL);
  expect(summary.monthly_rating).toMatch(DECIMAL);
  for (const review of summary.reviews) {
    expect(Number.isInteger(review.count)).toBe(true);
    expect(review.percentage).toMatch(DECIMAL);
  }
  for (const value of [...Object.values(summary.review_statistics), ...Object.values(summary.compalint_statistics)]) {
    expect(Number.isFinite(value)).toBe(true);
  }
  for (const value of Object.values(summary.additional_records)) expect(typeof value).toBe('string');
  for (const field of ['minority_owned_enterprise', 'woman_owned_enterprise', 'veteran_owned_enterprise'] as const) {
    expect(['Yes', 'No', 'N/A']).toContain(summary.additional_records[field]);
  }
  expect(summary.additional_records.number_of_employees).toMatch(/^(\d+|N\/A)$/);
}

describe('createSandboxPublicRecordsProvider', () => {
  it('names itself sandbox on platform 100', () => {
    expect(createSandboxPublicRecordsProvider()).toMatchObject({ name: 'sandbox', platformId: 100 });
  });

  it('gives the same business the same records on every call and from every instance', async () => {
    const provider = createSandboxPublicRecordsProvider();
    const first = await provider.fetchPublicRecords(business());
    expect(await provider.fetchPublicRecords(business())).toEqual(first);
    expect(await createSandboxPublicRecordsProvider().fetchPublicRecords(business())).toEqual(first);
  });

  it('gives different businesses different records', async () => {
    const acme = await fetchFor();
    expect(await fetchFor({ name: 'Globex Corporation' })).not.toEqual(acme);
    expect(await fetchFor({ id: 'another-id' })).not.toEqual(acme);
  });

  it('without a trigger word, reports a plausible business with no bankruptcies, judgements or liens', async () => {
    const records = await fetchFor();
    expect(records.records).toEqual([]);
    expect(records.corporateFiling).toMatchObject({ businessName: 'Acme Widgets LLC', incorporationState: 'FL', secretaryOfStateStatus: 'Active' });
    expect(['Domestic', 'Foreign']).toContain(records.corporateFiling!.registrationType);
    expect(records.officialWebsite).toBe('https://www.acme-widgets-llc.com');
    expect(records.monthlyRatingDate).toBe('2026-09-01T00:00:00.000Z');
    expectConsistent(records);
  });

  it('passes a known website through and picks a state when the address has none', async () => {
    const records = await fetchFor({ officialWebsite: 'https://acme.example', addressState: null });
    expect(records.officialWebsite).toBe('https://acme.example');
    expect(records.corporateFiling!.incorporationState).toMatch(/^[A-Z]{2}$/);
  });

  it('dates the monthly rating from the injected reference date, not the clock', async () => {
    const provider = createSandboxPublicRecordsProvider({ referenceDate: new Date('2025-01-15T00:00:00Z') });
    expect((await provider.fetchPublicRecords(business())).monthlyRatingDate).toBe('2024-12-01T00:00:00.000Z');
  });

  it('"bankrupt" produces 1 to 2 bankruptcies, the most recent open, without amounts', async () => {
    const bankruptcies = ofKind(await fetchFor({ name: 'Acme BANKRUPT Widgets' }), 'BANKRUPTCY');
    expect(bankruptcies.length).toBeGreaterThanOrEqual(1);
    expect(bankruptcies.length).toBeLessThanOrEqual(2);
    const latest = [...bankruptcies].sort((a, b) => Date.parse(b.filingDate) - Date.parse(a.filingDate))[0];
    expect(latest.status).toBe('open');
    expect(bankruptcies.every((record) => record.amount === null)).toBe(true);
  });

  it('"lien" produces 2 to 4 liens, one active and one released at least, each with an amount', async () => {
    const liens = ofKind(await fetchFor({ name: 'Lien Holders Inc' }), 'LIEN');
    expect(liens.length).toBeGreaterThanOrEqual(2);
    expect(liens.length).toBeLessThanOrEqual(4);
    expect(liens.map((lien) => lien.status)).toEqual(expect.arrayContaining(['active', 'released']));
    expect(liens.every((lien) => isTwoDecimals(lien.amount))).toBe(true);
  });

  it.each(['Judgement Day Diner', 'judgment day diner'])('"%s" produces 1 to 3 judgements, one active at least, with amounts', async (name) => {
    const judgements = ofKind(await fetchFor({ name }), 'JUDGEMENT');
    expect(judgements.length).toBeGreaterThanOrEqual(1);
    expect(judgements.length).toBeLessThanOrEqual(3);
    expect(judgements.map((judgement) => judgement.status)).toContain('active');
    expect(judgements.every((judgement) => isTwoDecimals(judgement.amount))).toBe(true);
  });

  it('combines triggers, with stable and unique record ids', async () => {
    const records = await fetchFor({ name: 'Bankrupt Lien Judgment Co' });
    expect(new Set(records.records.map((record) => record.kind))).toEqual(new Set(['BANKRUPTCY', 'LIEN', 'JUDGEMENT']));
    const ids = records.records.map((record) => record.providerRecordId);
    expect(new Set(ids).size).toBe(ids.length);
    const again = await createSandboxPublicRecordsProvider().fetchPublicRecords(business({ name: 'Bankrupt Lien Judgment Co' }));
    expect(again.records.map((record) => record.providerRecordId)).toEqual(ids);
    expectConsistent(records);
  });

  it('reads a trigger only at the start of a word: "Acme Liens" has liens, "Client Co" has none', async () => {
    expect((await fetchFor({ name: 'Acme Liens' })).records.some((record) => record.kind === 'LIEN')).toBe(true);
    expect((await fetchFor({ name: 'Client Co' })).records).toEqual([]);
  });

  it('"clean" gives a spotless record with high ratings, overriding the other record triggers', async () => {
    const records = await fetchFor({ name: 'Clean Bankrupt Lien Judgement LLC' });
    expect(records.records).toEqual([]);
    expect(records.complaints).toEqual({ cfpb: 0, ftc: 0, withAlertWords: 0, resolutions: { answered: 0, resolved: 0, unanswered: 0, unresolved: 0, other: 0 } });
    expect(records.reviewsWithAlertWords).toBe(0);
    expect(Number(summarisePublicRecords(records).average_rating)).toBeGreaterThanOrEqual(4.5);
    expectConsistent(records);
  });

  it('"outage" fails every call with a transient provider error', async () => {
    const provider = createSandboxPublicRecordsProvider();
    for (let call = 0; call < 3; call += 1) {
      await expectProviderError(provider.fetchPublicRecords(business({ name: 'Outage Bakery' })), true, 'The public records provider is unavailable (sandbox trigger "outage").');
    }
  });

  it('"refused" fails with a permanent provider error', async () => {
    await expectProviderError(fetchFor({ name: 'Refused Bakery' }), false, 'The public records provider refused the request (sandbox trigger "refused").');
  });

  it('"flaky" fails the first call per business once, transiently, then succeeds', async () => {
    const provider = createSandboxPublicRecordsProvider();
    const flaky = business({ name: 'Flaky Bakery' });
    const message = 'The public records provider is temporarily unavailable (sandbox trigger "flaky").';
    await expectProviderError(provider.fetchPublicRecords(flaky), true, message);
    const records = await provider.fetchPublicRecords(flaky);
    expect(await provider.fetchPublicRecords(flaky)).toEqual(records);
    await expectProviderError(provider.fetchPublicRecords({ ...flaky, id: 'another-id' }), true, message);
    // State is per instance: a new provider fails the first call again.
    await expectProviderError(createSandboxPublicRecordsProvider().fetchPublicRecords(flaky), true, message);
  });

  it('"flaky" fails as many times as failuresBeforeSuccess says', async () => {
    const provider = createSandboxPublicRecordsProvider({ failuresBeforeSuccess: 2 });
    const flaky = business({ name: 'Flaky Bakery' });
    await expect(provider.fetchPublicRecords(flaky)).rejects.toBeInstanceOf(ProviderError);
    await expect(provider.fetchPublicRecords(flaky)).rejects.toBeInstanceOf(ProviderError);
    await expect(provider.fetchPublicRecords(flaky)).resolves.toMatchObject({ corporateFiling: { businessName: 'Flaky Bakery' } });
  });

  it('"deteriorating" (anywhere in the name) gives the n-th enrichment n active liens with stable ids, keeping the earlier ones', async () => {
    const provider = createSandboxPublicRecordsProvider();
    const worsening = business({ name: 'Acme NonDETERIORATING Widgets' });
    const liens = async () => ofKind(await provider.fetchPublicRecords(worsening), 'LIEN');
    const first = await liens();
    const second = await liens();
    const third = await liens();
    const id = worsening.id;
    expect(first.map((lien) => lien.providerRecordId)).toEqual([`${id}-deteriorating-1`]);
    expect(second.map((lien) => lien.providerRecordId)).toEqual([`${id}-deteriorating-1`, `${id}-deteriorating-2`]);
    expect(third).toHaveLength(3);
    expect(third.slice(0, 2)).toEqual(second);
    expect(third.every((lien) => lien.status === 'active' && isTwoDecimals(lien.amount))).toBe(true);
    // Newer each time, never after the reference date.
    expect(third.map((lien) => Date.parse(lien.filingDate))).toEqual([...third.map((lien) => Date.parse(lien.filingDate))].sort((a, b) => a - b));
    expect(third.every((lien) => Date.parse(lien.filingDate) < reference)).toBe(true);
    // Another instance starts counting afresh, and gives the same first enrichment.
    expect(ofKind(await createSandboxPublicRecordsProvider().fetchPublicRecords(worsening), 'LIEN')).toEqual(first);
  });

  it('"deteriorating" counts the enrichments the caller says succeeded before, so every worker agrees', async () => {
    const provider = createSandboxPublicRecordsProvider({ enrichmentsSoFar: async () => 4 });
    const records = await provider.fetchPublicRecords(business({ name: 'Deteriorating Lien Co' }));
    const worsening = ofKind(records, 'LIEN').filter((lien) => lien.providerRecordId.includes('-deteriorating-'));
    expect(worsening).toHaveLength(5);
    // Added to the `lien` trigger's own liens, which stay as they were.
    expect(ofKind(records, 'LIEN').length).toBeGreaterThan(5);
    expectConsistent(records);
    expect(ofKind(await createSandboxPublicRecordsProvider({ enrichmentsSoFar: async () => 4 }).fetchPublicRecords(business({ name: 'Clean Deteriorating Co' })), 'LIEN')).toEqual([]);
  });

  it('documents every trigger in one line', () => {
    expect(Object.keys(SANDBOX_TRIGGERS).sort()).toEqual(['bankrupt', 'clean', 'deteriorating', 'flaky', 'judgement', 'judgment', 'lien', 'outage', 'refused']);
    for (const text of Object.values(SANDBOX_TRIGGERS)) expect(text).not.toContain('\n');
  });

  it('keeps every invariant, and the contract types of its summary, for 200 random businesses', async () => {
    const r = createSeededRandom('sandbox-public-records invariants');
    const words = ['Acme', 'Blue', 'River', 'Harbor', 'Summit', 'Pine', 'Atlas', 'Bakery', 'Logistics', 'Dental', 'Holdings', 'Supply', 'Bankrupt', 'Liens', 'Judgment', 'Clean', '&', 'Co.'];
    const provider = createSandboxPublicRecordsProvider();
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const name = Array.from({ length: r.int(1, 4) }, () => r.pick(words)).join(' ');
      const records = await provider.fetchPublicRecords(business({ id: `biz-${i}-${r.int(0, 1e9)}`, name, addressState: r.pick(['TX', null]) }));
      expectConsistent(records);
      expectContractTypes(records);
      seen.add(JSON.stringify(records.reviewSources));
    }
    expect(seen.size).toBeGreaterThan(190);
  });
});
