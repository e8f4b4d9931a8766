import { createKybClient, KybApiError } from './index';
import { failure, fakeJwt, startFakeSuite, type FakeSuite } from './test-support/fake-suite';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const ADD_BUSINESS = `/case/api/v1/businesses/customers/${CUSTOMER}`;

describe('typed errors', () => {
  let suite: FakeSuite;
  beforeEach(async () => {
    suite = await startFakeSuite();
  });
  afterEach(() => suite.close());

  const client = () => createKybClient({ baseUrl: suite.baseUrl, session: { role: 'CUSTOMER', idToken: fakeJwt({}), accessToken: 'a', refreshToken: 'r' }, retry: { attempts: 1 } });
  const caught = async (promise: Promise<unknown>) => promise.then(() => undefined, (err: unknown) => err);

  it("carries the envelope's httpStatus, errorCode, errorName, message, data and the request id", async () => {
    const failedRows = { 0: { message: 'Ownership must sum to 100', data: [{ column: 'owner1_ownership_percentage', reason: 'sum' }] } };
    suite.on('POST', ADD_BUSINESS, () => ({
      status: 400,
      headers: { 'x-request-id': 'b4c1e0f2-req' },
      json: { status: 'fail', message: 'Bulk process had errors', errorCode: null, data: { runId: 'run-9', failed_rows: failedRows, result: {} } },
    }));

    const err = await caught(client().request('case', 'post', '/businesses/customers/{customerID}', { path: { customerID: CUSTOMER }, body: { name: 'x' }, query: { async: false } }));

    expect(err).toBeInstanceOf(KybApiError);
    expect(err).toMatchObject({
      httpStatus: 400,
      errorCode: null,
      errorName: 'UnknownError',
      message: 'Bulk process had errors',
      requestId: 'b4c1e0f2-req',
      data: { runId: 'run-9', failed_rows: failedRows, result: {} },
      method: 'POST',
      url: `${suite.baseUrl}${ADD_BUSINESS}`,
    });
  });

  it('reads part 5 item 5 exactly: 401 UNAUTHENTICATED AuthenticationMiddlewareError', async () => {
    suite.on('POST', ADD_BUSINESS, () => failure(401, 'UNAUTHENTICATED', 'AuthenticationMiddlewareError', 'Authorization header not present'));

    const err = (await caught(client().request('case', 'post', '/businesses/customers/{customerID}', { path: { customerID: CUSTOMER }, body: { name: 'x' } }))) as KybApiError;

    expect([err.httpStatus, err.errorCode, err.errorName, err.message, err.requestId]).toEqual([401, 'UNAUTHENTICATED', 'AuthenticationMiddlewareError', 'Authorization header not present', 'req-401-AuthenticationMiddlewareError']);
    expect(err.data).toEqual({});
  });

  it("takes the envelope's request id over the header's when the envelope states one", async () => {
    suite.on('GET', '/case/api/v1/businesses/b1', () => ({ status: 500, headers: { 'x-request-id': 'from-header' }, json: { status: 'error', message: 'Internal error', errorCode: 'UNKNOWN_ERROR', data: { errorName: 'InternalError', requestId: 'from-envelope' } } }));

    const err = (await caught(client().request('case', 'get', '/businesses/{businessID}', { path: { businessID: 'b1' } }))) as KybApiError;

    expect([err.httpStatus, err.errorCode, err.errorName, err.requestId, err.data]).toEqual([500, 'UNKNOWN_ERROR', 'InternalError', 'from-envelope', {}]);
  });

  it("reads an answer without the envelope (a proxy's HTML page) as well as it can, without the query in the url", async () => {
    suite.on('GET', '/case/api/v1/businesses/b1', () => ({ status: 502, headers: { 'x-request-id': 'gw-1' }, text: '<html>Bad Gateway</html>' }));

    const err = (await caught(client().request('case', 'get', '/businesses/{businessID}', { path: { businessID: 'b1' }, query: { fetch_owner_details: true } }))) as KybApiError;

    expect([err.httpStatus, err.errorCode, err.errorName, err.message, err.requestId, err.url]).toEqual([502, null, 'UnknownError', "HTTP 502 without the suite's envelope", 'gw-1', `${suite.baseUrl}/case/api/v1/businesses/b1`]);
  });

  it('refuses a path parameter left empty before sending anything', async () => {
    await expect(client().request('case', 'get', '/businesses/{businessID}', { path: { businessID: '' } })).rejects.toThrow('path parameter businessID of /businesses/{businessID} is missing');
    expect(suite.requests).toHaveLength(0);
  });
});
