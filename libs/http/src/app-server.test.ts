import http, { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { callableOnThis, createAppServer } from './app-server';

/** What the server's first 'request' listener saw, before Express ran: the objects' prototypes and classes. */
interface Seen {
  requestHasAppPrototype: boolean;
  responseHasAppPrototype: boolean;
  isIncomingMessage: boolean;
  isServerResponse: boolean;
}

function listenWith(server: Server, app: Express, seen: Seen[]): Promise<string> {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    seen.push({
      requestHasAppPrototype: Object.getPrototypeOf(req) === app.request,
      responseHasAppPrototype: Object.getPrototypeOf(res) === app.response,
      isIncomingMessage: req instanceof IncomingMessage,
      isServerResponse: res instanceof ServerResponse,
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function testApp(name: string): Express {
  const app = express();
  app.set('query parser', 'extended');
  app.use(express.json());
  app.get('/items/:id', (req, res) => void res.json({ app: name, id: req.params.id, query: req.query, ip: req.ip, path: req.path }));
  app.post('/items', (req, res) => void res.status(201).json({ app: name, body: req.body as unknown }));
  return app;
}

/** A POST whose body is sent only after the server answered "100 Continue". */
function postAfterContinue(url: string, body: string): Promise<{ status: number; text: string; continued: boolean }> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' } });
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, continued }));
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('createAppServer', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it("creates each request and response with the app's own prototypes, before Express runs", async () => {
    const app = testApp('a');
    const seen: Seen[] = [];
    const server = createAppServer(app);
    servers.push(server);
    const base = await listenWith(server, app, seen);
    expect((await fetch(`${base}/items/1`)).status).toBe(200);
    expect((await fetch(`${base}/items/2`)).status).toBe(200);
    expect(seen).toEqual([1, 2].map(() => ({ requestHasAppPrototype: true, responseHasAppPrototype: true, isIncomingMessage: true, isServerResponse: true })));
  });

  it("differs from Node's plain server, whose objects get the app's prototypes only when Express sets them", async () => {
    const app = testApp('plain');
    const seen: Seen[] = [];
    const server = http.createServer(app);
    servers.push(server);
    const base = await listenWith(server, app, seen);
    expect((await fetch(`${base}/items/1`)).status).toBe(200);
    expect(seen).toEqual([{ requestHasAppPrototype: false, responseHasAppPrototype: false, isIncomingMessage: true, isServerResponse: true }]);
  });

  it('answers as Express does: params, an extended query, JSON bodies, 100 Continue, and the 404 of an unknown path', async () => {
    const app = testApp('a');
    const server = createAppServer(app);
    servers.push(server);
    const base = await listenWith(server, app, []);
    const read = await fetch(`${base}/items/42?filter[status]=OPEN&sort=name`);
    expect(read.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await read.json()).toEqual({ app: 'a', id: '42', query: { filter: { status: 'OPEN' }, sort: 'name' }, ip: '127.0.0.1', path: '/items/42' });
    const created = await fetch(`${base}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Acme' }) });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ app: 'a', body: { name: 'Acme' } });
    const afterContinue = await postAfterContinue(`${base}/items`, JSON.stringify({ name: 'Later' }));
    expect(afterContinue).toEqual({ status: 201, text: JSON.stringify({ app: 'a', body: { name: 'Later' } }), continued: true });
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
  });

  it("relies on Node's request and response constructors being plain functions, and tells a class apart", () => {
    expect([callableOnThis(IncomingMessage), callableOnThis(ServerResponse)]).toEqual([true, true]);
    expect(callableOnThis(class Request extends IncomingMessage {})).toBe(false);
    expect(callableOnThis(class {})).toBe(false);
    expect(callableOnThis(undefined)).toBe(false);
  });

  it("gives two apps' servers each its own app's prototypes", async () => {
    const [first, second] = [testApp('first'), testApp('second')];
    const [seenFirst, seenSecond]: Seen[][] = [[], []];
    const [serverFirst, serverSecond] = [createAppServer(first), createAppServer(second)];
    servers.push(serverFirst, serverSecond);
    const [baseFirst, baseSecond] = await Promise.all([listenWith(serverFirst, first, seenFirst), listenWith(serverSecond, second, seenSecond)]);
    expect(await (await fetch(`${baseFirst}/items/1`)).json()).toMatchObject({ app: 'first' });
    expect(await (await fetch(`${baseSecond}/items/1`)).json()).toMatchObject({ app: 'second' });
    expect([...seenFirst, ...seenSecond].every((s) => s.requestHasAppPrototype && s.responseHasAppPrototype)).toBe(true);
    expect(first.request).not.toBe(second.request);
  });
});
