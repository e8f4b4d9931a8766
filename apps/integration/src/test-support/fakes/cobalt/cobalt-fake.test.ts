import type { FakeRequest } from '../../fake-vendor';
import { createCobaltFake } from './cobalt-fake';

const request = (path: string, query: Record<string, string>, apiKey?: string): FakeRequest => ({
  method: 'GET', path, query: new URLSearchParams(query), headers: apiKey === undefined ? {} : { 'x-api-key': apiKey }, body: '', url: `http://127.0.0.1${path}`,
});

describe("Cobalt's fake", () => {
  const fake = createCobaltFake({ apiKey: 'k-1', businesses: [{ title: 'Acme Tools LLC', stateOfSosRegistration: 'UT' }], incompleteAnswers: 1 });

  it("answers like Cobalt's gateway without a key, or on a path it does not have", () => {
    expect(fake(request('/v1/search', { searchQuery: 'Acme', state: 'UT' }))).toEqual({ status: 403, body: { message: 'Forbidden' } });
    expect(fake(request('/v2/search', {}, 'k-1'))).toEqual({ status: 403, body: { message: 'Missing Authentication Token' } });
  });

  it("refuses a search without a name or a state with Cobalt's messages, as HTTP 200", () => {
    expect(fake(request('/v1/search', { state: 'UT' }, 'k-1'))).toEqual({ status: 200, body: { status: 'Bad request', message: 'searchQuery, sosId, or searchByPersonQuery is required' } });
    expect(fake(request('/v1/search', { searchQuery: 'Acme' }, 'k-1'))).toEqual({ status: 200, body: { status: 'Bad request', message: 'state is a required parameter.' } });
  });

  it('keeps a search incomplete, then answers it once by its retryId', () => {
    const retryId = '00000000-0000-4000-8000-000000000001';
    expect(fake(request('/v1/search', { searchQuery: 'acme tools', state: 'ut' }, 'k-1'))).toMatchObject({ status: 202, body: { status: 'Incomplete', statusCode: 202, retryId } });
    expect(fake(request('/v1/search', { retryId }, 'k-1'))).toMatchObject({ status: 200, body: { status: 'Complete', results: [{ title: 'Acme Tools LLC' }] } });
    expect(fake(request('/v1/search', { retryId }, 'k-1'))).toEqual({ status: 200, body: { status: 'Retry Id invalid' } });
  });
});
