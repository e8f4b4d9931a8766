import { operationGaps, operationsOf, type OpenApiDocumentLike } from './openapi-operations';

const published: OpenApiDocumentLike = {
  security: [],
  components: { parameters: { Page: { name: 'page', in: 'query', required: false, schema: { type: 'integer' } } } },
  paths: {
    '/things/{thingID}': {
      parameters: [{ name: 'thingID', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      get: {
        security: [{ bearer: [] }],
        parameters: [{ name: 'detailed', in: 'query', schema: { type: 'boolean' } }, { $ref: '#/components/parameters/Page' }],
        responses: { 200: {}, 404: {} },
      },
    },
    '/things': { post: { parameters: [{ name: 'query', in: 'query', schema: { type: 'object', additionalProperties: { type: 'string' } } }], responses: { 201: {} } } },
  },
};

const served = () => ({
  paths: {
    '/things/{thingID}': {
      get: {
        security: [{ bearerAuth: [] }],
        parameters: [
          { name: 'thingID', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'detailed', in: 'query', required: false, schema: { type: ['boolean', 'null'] } },
          { name: 'page', in: 'query', required: false, schema: { type: 'integer' } },
        ],
        responses: { 200: {}, 400: {} },
      },
      delete: { responses: { 204: {} } },
    },
    '/things': { post: { security: [], parameters: [{ name: 'sort', in: 'query', schema: { type: 'object' }, style: 'deepObject' }], responses: { 201: {} } } },
  },
}) as { paths: Record<string, Record<string, { security?: unknown[]; parameters?: Array<Record<string, unknown>>; responses: Record<string, unknown> }>> };

describe('operationsOf', () => {
  it('lists every operation with its path-level and referenced parameters, 2xx statuses and security', () => {
    expect(operationsOf(published)).toEqual([
      {
        method: 'get',
        path: '/things/{thingID}',
        parameters: [
          { name: 'thingID', in: 'path', required: true, type: 'string' },
          { name: 'detailed', in: 'query', required: false, type: 'boolean' },
          { name: 'page', in: 'query', required: false, type: 'integer' },
        ],
        success: ['200'],
        authenticated: true,
      },
      { method: 'post', path: '/things', parameters: [{ name: 'query', in: 'query', required: false, freeForm: true }], success: ['201'], authenticated: false },
    ]);
  });
});

describe('operationGaps', () => {
  const expected = operationsOf(published);

  it('finds nothing missing in a document that describes every expected operation, whatever it adds', () => {
    expect(operationGaps(served(), expected)).toEqual([]);
  });

  it('names a missing operation, method, parameter, success status, and a wrong required-ness, type or security', () => {
    const noPath = served();
    delete noPath.paths['/things'];
    expect(operationGaps(noPath, expected)).toEqual(['POST /things: not described']);

    const changed = served();
    const get = changed.paths['/things/{thingID}'].get;
    get.parameters = [
      { name: 'thingID', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'detailed', in: 'query', required: true, schema: { type: 'string' } },
    ];
    get.responses = { 202: {} };
    get.security = [];
    changed.paths['/things'].post.parameters = [];
    expect(operationGaps(changed, expected)).toEqual([
      "GET /things/{thingID}: no path parameter 'thingID'",
      "GET /things/{thingID}: query parameter 'detailed' is required",
      "GET /things/{thingID}: query parameter 'detailed' is typed string, not boolean",
      "GET /things/{thingID}: no query parameter 'page'",
      'GET /things/{thingID}: no 200 response',
      'GET /things/{thingID}: does not require a bearer token',
      "POST /things: declares no query parameter for the free-form query object 'query'",
    ]);
  });

  it("accepts any 2xx response for '2XX', and leaves security alone when the expectation does not say", () => {
    const expectation = [{ method: 'delete', path: '/things/{thingID}', parameters: [], success: ['2XX'] }];
    expect(operationGaps(served(), expectation)).toEqual([]);
    const doc = served();
    doc.paths['/things/{thingID}'].delete.responses = { 400: {} };
    expect(operationGaps(doc, expectation)).toEqual(['DELETE /things/{thingID}: no 2XX response']);
  });
});
