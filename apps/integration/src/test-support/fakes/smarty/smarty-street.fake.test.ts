import { startFakeVendor, type FakeVendor } from '../../fake-vendor';
import { REGISTERED_OFFICE, SAMPLE_ADDRESSES } from './smarty-sample-addresses';
import { smartyStreetFake, type SmartyFakeOptions } from './smarty-street.fake';

const message = (status: number) =>
  ({
    400: 'Bad Request (Malformed Payload): A GET request lacked a street field or the request body of a POST request contained malformed JSON.',
    401: 'Unauthorized: The credentials were provided incorrectly or did not match any existing, active credentials.',
    402: 'Payment Required: There is no active subscription for the account associated with the credentials submitted with the request.',
    413: 'Request Entity Too Large: The maximum size for a request body to this API is 16K (16,384 bytes).',
    422: 'Unprocessable Entity: GET request lacked required fields.',
  })[status];

describe('the fake Smarty US Street Address API', () => {
  let fake: FakeVendor;
  let account: SmartyFakeOptions;
  beforeAll(async () => {
    fake = await startFakeVendor((request) => smartyStreetFake(account)(request));
  });
  beforeEach(() => {
    account = { authId: 'id-1', authToken: 'tok-1', addresses: SAMPLE_ADDRESSES };
  });
  afterAll(() => fake.close());

  const ask = async (query: string, body?: string) => {
    const response = await fetch(`${fake.baseUrl}/street-address?${query}`, body === undefined ? {} : { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    return [response.status, await response.json()];
  };
  const refused = (status: number) => [status, { errors: [{ message: message(status) }] }];

  it("refuses a missing or wrong key pair with Smarty's 401 body", async () => {
    expect(await ask('street=1201+N+Orange+St&zipcode=19801')).toEqual(refused(401));
    expect(await ask('auth-id=id-1&auth-token=tok-2&street=1201+N+Orange+St&zipcode=19801')).toEqual(refused(401));
  });

  it('answers a known address by GET and by POST, echoing input_id, and no candidate for an unknown one', async () => {
    expect(await ask('auth-id=id-1&auth-token=tok-1&street=1201+n.+orange+st&zipcode=19801-1186&input_id=a1')).toEqual([200, [{ input_id: 'a1', input_index: 0, candidate_index: 0, ...REGISTERED_OFFICE }]]);
    const lookups = [{ street: '9 Nowhere Rd', zipcode: '19801' }, { street: '1201 N Orange St', city: 'WILMINGTON', state: 'de' }];
    expect(await ask('auth-id=id-1&auth-token=tok-1', JSON.stringify(lookups))).toEqual([200, [{ input_index: 1, candidate_index: 0, ...REGISTERED_OFFICE }]]);
  });

  it('answers as many candidates of an ambiguous address as asked, one by default', async () => {
    const candidates = async (extra: string) => ((await ask(`auth-id=id-1&auth-token=tok-1&street=100+Main+St&zipcode=19711${extra}`))[1] as unknown[]).length;
    expect([await candidates(''), await candidates('&candidates=2'), await candidates('&candidates=10')]).toEqual([1, 2, 2]);
  });

  it('refuses an unknown field or malformed JSON (400), a GET without a street (422) and a body over 16K (413)', async () => {
    expect(await ask('auth-id=id-1&auth-token=tok-1&stret=1+Main+St')).toEqual(refused(400));
    expect(await ask('auth-id=id-1&auth-token=tok-1', '[{"street":')).toEqual(refused(400));
    expect(await ask('auth-id=id-1&auth-token=tok-1', '[]')).toEqual(refused(400));
    expect(await ask('auth-id=id-1&auth-token=tok-1&city=Dover')).toEqual(refused(422));
    expect(await ask('auth-id=id-1&auth-token=tok-1', JSON.stringify([{ street: 'x'.repeat(16_384) }]))).toEqual(refused(413));
  });

  it('answers the account state it is given, a 429 with its Retry-After', async () => {
    account.refusal = 'no-subscription';
    expect(await ask('auth-id=id-1&auth-token=tok-1&street=1+Main+St')).toEqual(refused(402));
    account = { ...account, refusal: 'rate-limited', retryAfterSeconds: 9 };
    const response = await fetch(`${fake.baseUrl}/street-address?auth-id=id-1&auth-token=tok-1&street=1+Main+St`);
    expect([response.status, response.headers.get('retry-after'), await response.json()]).toEqual([429, '9', { errors: [{ message: 'Too Many Requests: The rate limit for your account has been exceeded.' }] }]);
  });
});
