import { startFakeVendor, type FakeVendor } from '../../test-support/fake-vendor';
import { HOME, MAILBOX_STORE, NORTH_MAIN, REGISTERED_OFFICE, SAMPLE_ADDRESSES, SOUTH_MAIN, SUITE_MISSING, VACANT_UNIT } from '../../test-support/fakes/smarty/smarty-sample-addresses';
import { smartyStreetFake, type SmartyFakeOptions } from '../../test-support/fakes/smarty/smarty-street.fake';
import type { AddressProvider } from '../verification.providers';
import { ProviderError } from '../providers.errors';
import { createSmartyAddressProvider, SMARTY_PRODUCTION_URL } from './smarty-address.provider';

const credentials = { auth_id: 'id-7f3a9c', auth_token: 'tok-SECRET-41d2' };
const office = { line1: '1201 N Orange St', city: 'Wilmington', state: 'DE', postalCode: '19801', country: 'US' };
const at = (line1: string, city: string, postalCode: string) => ({ line1, city, state: 'DE', postalCode, country: 'US' });
const positioned = (candidates: Array<Record<string, unknown>>, inputIndex = 0) => candidates.map((c, i) => ({ input_index: inputIndex, candidate_index: i, ...c }));
const traced = (raw: unknown[]) => ({ adapter: 'smarty', version: 'us-street-api', raw: JSON.stringify(raw) });

describe('the Smarty address provider against a fake of the US Street Address API', () => {
  let fake: FakeVendor;
  let account: SmartyFakeOptions;
  beforeAll(async () => {
    fake = await startFakeVendor((request) => smartyStreetFake(account)(request));
  });
  beforeEach(() => {
    account = { authId: credentials.auth_id, authToken: credentials.auth_token, addresses: SAMPLE_ADDRESSES };
  });
  afterAll(() => fake.close());
  const provider = () => createSmartyAddressProvider({ baseUrl: fake.baseUrl, credentials });

  it("is the address provider named smarty, defaulting to Smarty's production host", () => {
    const asInterface: AddressProvider = provider();
    expect([asInterface.name, SMARTY_PRODUCTION_URL]).toEqual(['smarty', 'https://us-street.api.smarty.com']);
  });

  it('checks a confirmed commercial address with one GET, tracing the answer as Smarty sent it', async () => {
    expect(await provider().checkAddress(office)).toEqual({ deliverable: true, dpvMatch: 'Y', residential: false, cmra: false, vacant: false, trace: traced(positioned([REGISTERED_OFFICE])) });
    const sent = fake.requests.at(-1)!;
    expect([sent.method, sent.path, sent.body, sent.headers.accept, sent.headers['content-type']]).toEqual(['GET', '/street-address', '', 'application/json', undefined]);
    expect(Object.fromEntries(sent.query)).toEqual({ 'auth-id': 'id-7f3a9c', 'auth-token': 'tok-SECRET-41d2', street: '1201 N Orange St', city: 'Wilmington', state: 'DE', zipcode: '19801', candidates: '2', match: 'strict' });
  });

  it('reads a home, a mailbox store, a vacant unit and a building missing its suite', async () => {
    const check = (line1: string, city: string, zip: string) => provider().checkAddress(at(line1, city, zip)).then(({ deliverable, dpvMatch, residential, cmra, vacant }) => ({ deliverable, dpvMatch, residential, cmra, vacant }));
    expect(await check('42 Elm St', 'Dover', '19901')).toEqual({ deliverable: true, dpvMatch: 'Y', residential: true, cmra: false, vacant: false });
    expect(await check('8 The Green Suite 400', 'Dover', '19901')).toEqual({ deliverable: true, dpvMatch: 'Y', residential: false, cmra: true, vacant: false });
    expect(await check('500 N Market St', 'Wilmington', '19801')).toEqual({ deliverable: true, dpvMatch: 'Y', residential: false, cmra: false, vacant: true });
    expect(await check('100 W 10th St', 'Wilmington', '19801')).toEqual({ deliverable: true, dpvMatch: 'D', residential: false, cmra: false, vacant: false });
  });

  it('finds an address given its ZIP Code without city and state', async () => {
    expect(await provider().checkAddress({ ...office, city: '', state: null })).toMatchObject({ deliverable: true, dpvMatch: 'Y' });
    expect(Object.fromEntries(fake.requests.at(-1)!.query)).not.toHaveProperty('city');
  });

  it('answers an address Smarty does not match as undeliverable, with its empty answer traced', async () => {
    expect(await provider().checkAddress(at('9 Nowhere Rd', 'Dover', '19901'))).toEqual({ deliverable: false, dpvMatch: null, residential: null, cmra: null, vacant: null, trace: traced([]) });
  });

  it('answers an ambiguous address, matching two delivery points, as undeliverable with both traced', async () => {
    expect(await provider().checkAddress(at('100 Main St', 'Newark', '19711'))).toEqual({
      deliverable: false,
      dpvMatch: null,
      residential: null,
      cmra: null,
      vacant: null,
      trace: traced(positioned([NORTH_MAIN, SOUTH_MAIN])),
    });
  });

  it('checks a batch with one POST of its lookups, each check tracing only its own candidates', async () => {
    const addresses = [office, at('9 Nowhere Rd', 'Dover', '19901'), { ...office, country: 'FR' }, at('100 Main St', 'Newark', '19711'), at('42 Elm St', 'Dover', '19901')];
    const checks = await provider().checkAddresses(addresses);
    expect(checks.map((c) => (c instanceof ProviderError ? [c.message, c.transient] : [c.deliverable, c.dpvMatch, c.trace.raw]))).toEqual([
      [true, 'Y', JSON.stringify(positioned([REGISTERED_OFFICE], 0))],
      [false, null, '[]'],
      ['Smarty checks United States addresses only', false],
      [false, null, JSON.stringify(positioned([NORTH_MAIN, SOUTH_MAIN], 2))],
      [true, 'Y', JSON.stringify(positioned([HOME], 3))],
    ]);
    const sent = fake.requests.at(-1)!;
    expect([sent.method, sent.path, Object.fromEntries(sent.query), sent.headers['content-type']]).toEqual(['POST', '/street-address', { 'auth-id': 'id-7f3a9c', 'auth-token': 'tok-SECRET-41d2' }, 'application/json']);
    const lookup = (street: string, city: string, zipcode: string) => ({ street, candidates: 2, match: 'strict', city, state: 'DE', zipcode });
    expect(JSON.parse(sent.body)).toEqual([lookup('1201 N Orange St', 'Wilmington', '19801'), lookup('9 Nowhere Rd', 'Dover', '19901'), lookup('100 Main St', 'Newark', '19711'), lookup('42 Elm St', 'Dover', '19901')]);
  });

  it('splits 230 addresses into POSTs of at most 100 lookups, answering them in order', async () => {
    const known = [office, at('8 The Green Suite 400', 'Dover', '19901'), at('500 N Market St', 'Wilmington', '19801'), at('100 W 10th St', 'Wilmington', '19801')];
    const addresses = Array.from({ length: 230 }, (_, i) => known[i % 4]);
    const before = fake.requests.length;
    const checks = await provider().checkAddresses(addresses);
    expect(fake.requests.slice(before).map((r) => [r.method, JSON.parse(r.body).length])).toEqual([['POST', 100], ['POST', 100], ['POST', 30]]);
    const expected = [REGISTERED_OFFICE, MAILBOX_STORE, VACANT_UNIT, SUITE_MISSING].map((c) => (c.analysis as { dpv_match_code: string }).dpv_match_code);
    expect(checks.map((c) => (c as { dpvMatch: string }).dpvMatch)).toEqual(addresses.map((_, i) => expected[i % 4]));
    expect(checks.map((c) => (c as { cmra: boolean }).cmra).slice(0, 4)).toEqual([false, true, false, false]);
  });

  it('makes no call for an empty batch, nor for one Smarty could not check', async () => {
    const before = fake.requests.length;
    expect(await provider().checkAddresses([])).toEqual([]);
    const [refusal] = await provider().checkAddresses([{ ...office, line1: '' }]);
    expect([refusal instanceof ProviderError, (refusal as ProviderError).message, (refusal as ProviderError).transient]).toEqual([true, 'Smarty cannot check an address without a street line', false]);
    expect(fake.requests.length).toBe(before);
  });
});
