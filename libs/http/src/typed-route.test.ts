import express from 'express';
import request from 'supertest';
import { schemaOf, strictObject, uuidParams, type JsonSchema } from '@kyb/validation';
import { buildRouter } from './routes';
import { codeName, defineRoute } from './typed-route';

const BUSINESS = '0b7e2a8e-8f4e-4a57-9a52-2f1f0d6a1c11';

/** What the handler saw, with the JavaScript type of each value. */
let seen: Record<string, unknown> = {};

const listRoute = defineRoute({
  method: 'get',
  path: '/businesses/:businessID/items',
  summary: 'List items',
  tags: ['items'],
  auth: false,
  schemas: {
    params: uuidParams('businessID'),
    query: strictObject({ page: { type: 'integer', minimum: 1, default: 1 }, archived: { type: 'boolean', default: false } }),
  },
  responses: { 200: { description: 'OK' } },
  handler: (_req, res, { params, query }) => {
    // Typed from the schemas: these assignments compile only with the coerced types.
    const businessId: string = params.businessId;
    const page: number = query.page;
    const archived: boolean = query.archived;
    // @ts-expect-error the contract's spelling is not the code name of the parameter
    void params.businessID;
    seen = { businessId, page, archived, pageType: typeof page, archivedType: typeof archived };
    res.json(seen);
  },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/items',
  summary: 'Create an item',
  tags: ['items'],
  auth: false,
  schemas: { body: strictObject({ name: { type: 'string' }, note: { type: 'string', default: '' } }, ['name']) },
  responses: { 200: { description: 'OK' } },
  handler: (_req, res, { body }) => {
    const name: string = body.name;
    // A body is not filled with defaults, so a defaulted property stays optional.
    // @ts-expect-error note may be missing
    const note: string = body.note;
    res.json({ name, note: note ?? null });
  },
});

/** Columns built at run time: no literal type to derive from, so the body's type is declared. */
const columns: Record<string, JsonSchema> = Object.fromEntries(['name', 'city'].map((column) => [column, { type: 'string' }]));

const rowRoute = defineRoute({
  method: 'put',
  path: '/rows',
  summary: 'Store a row',
  tags: ['items'],
  auth: false,
  schemas: { body: schemaOf<{ name: string; city?: string }>(strictObject(columns, ['name'])) },
  responses: { 200: { description: 'OK' } },
  handler: (_req, res, { body }) => {
    const name: string = body.name;
    // @ts-expect-error the declared type has no such column
    void body.country;
    res.json({ name });
  },
});

function app() {
  const server = express();
  server.use(express.json());
  server.use(buildRouter([listRoute, createRoute, rowRoute]));
  server.use((error: { httpStatus?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(error.httpStatus ?? 500).json({ error: String(error) });
  });
  return server;
}

describe('defineRoute', () => {
  it('hands the handler ajv-coerced query values and the params under their code names', async () => {
    const response = await request(app()).get(`/businesses/${BUSINESS}/items?page=3&archived=true`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ businessId: BUSINESS, page: 3, archived: true, pageType: 'number', archivedType: 'boolean' });
  });

  it('fills the declared query defaults', async () => {
    const response = await request(app()).get(`/businesses/${BUSINESS}/items`);
    expect(response.body).toMatchObject({ page: 1, archived: false, pageType: 'number', archivedType: 'boolean' });
  });

  it('does not call the handler when a part fails its schema', async () => {
    seen = {};
    const response = await request(app()).get(`/businesses/${BUSINESS}/items?page=zero`);
    expect(response.status).toBe(400);
    expect(seen).toEqual({});
  });

  it('passes the validated body', async () => {
    const response = await request(app()).post('/items').send({ name: 'lamp' });
    expect(response.body).toEqual({ name: 'lamp', note: null });
  });

  it('gives a body declared with schemaOf its declared type and still validates it', async () => {
    expect((await request(app()).put('/rows').send({ name: 'lamp' })).body).toEqual({ name: 'lamp' });
    expect((await request(app()).put('/rows').send({ name: 'lamp', country: 'NL' })).status).toBe(400);
  });

  it('keeps the declared path and schemas for the router and the OpenAPI document', () => {
    expect(listRoute.path).toBe('/businesses/:businessID/items');
    expect(listRoute.schemas?.params).toEqual(uuidParams('businessID'));
  });

  it('spells ID as Id and leaves other names alone', () => {
    expect([codeName('businessID'), codeName('customerId'), codeName('id'), codeName('ID')]).toEqual(['businessId', 'customerId', 'id', 'Id']);
  });
});
