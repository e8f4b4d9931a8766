import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface ReceivedRequest {
  method: string;
  /** The path under the base URL, without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** What a route answers: a status, headers and a JSON body (or raw text), or a dropped connection (no answer at all). */
export type FakeAnswer = { status?: number; headers?: Record<string, string>; json?: unknown; text?: string } | 'drop';

/** Decides one answer; `call` counts this route's requests from 1. */
export type FakeRoute = (request: ReceivedRequest, call: number) => FakeAnswer;

/** The suite's success envelope. */
export const ok = (data: unknown, message = 'Success') => ({ status: 200, json: { status: 'success', message, data } });

/** The suite's failure envelope (`fail` for 4xx, `error` for 5xx), with a request id header as the suite sends it. */
export function failure(status: number, errorCode: string | null, errorName: string, message: string, extra: { headers?: Record<string, string>; data?: Record<string, unknown> } = {}): FakeAnswer {
  return {
    status,
    headers: { 'x-request-id': `req-${status}-${errorName}`, ...extra.headers },
    json: { status: status >= 500 ? 'error' : 'fail', message, errorCode, data: { errorName, ...extra.data } },
  };
}

/** An unsigned JWT with these claims: the client only reads its own token's claims, the suite verifies them. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'ES256', kid: 'test' })}.${part(claims)}.c2lnbmF0dXJl`;
}

/** The double envelope of a sign-in (contract 2.10). */
export function signInAnswer(tokens: { id: string; access?: string; refresh: string }, customerId = '11111111-1111-4111-8111-111111111111'): FakeAnswer {
  return ok(
    {
      status: 'success',
      message: 'Logged In successfully',
      data: {
        id_token: tokens.id,
        access_token: tokens.access ?? tokens.id,
        refresh_token: tokens.refresh,
        customer_details: { id: customerId, name: 'Acme' },
        user_details: { id: '22222222-2222-4222-8222-222222222222', email: 'owner@example.org' },
      },
    },
    'Logged In successfully',
  );
}

/**
 * The suite on the loopback, as far as a test needs it: routes by `METHOD /path`, answers in the
 * suite's envelope, keeps every request. A route not set answers the suite's 404.
 */
export async function startFakeSuite() {
  const requests: ReceivedRequest[] = [];
  const routes = new Map<string, FakeRoute>();
  const calls = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const received: ReceivedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
      requests.push(received);
      const key = `${received.method} ${received.path}`;
      const call = (calls.get(key) ?? 0) + 1;
      calls.set(key, call);
      const route = routes.get(key);
      const answer = route ? route(received, call) : failure(404, 'NOT_FOUND', 'RouteNotFoundError', 'Route not found');
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      const body = answer.json === undefined ? (answer.text ?? '') : JSON.stringify(answer.json);
      const type = answer.json === undefined ? 'text/html' : 'application/json; charset=utf-8';
      res.writeHead(answer.status ?? 200, { 'content-type': type, 'x-request-id': 'req-fake', ...answer.headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    /** Answers `method path` (the full path, e.g. `/auth/api/v1/customer/sign-in`) by `route`. */
    on(method: string, path: string, route: FakeRoute) {
      routes.set(`${method.toUpperCase()} ${path}`, route);
    },
    /** The requests of `method path`, in order. */
    requestsTo(method: string, path: string): ReceivedRequest[] {
      return requests.filter((r) => r.method === method.toUpperCase() && r.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A running {@link startFakeSuite}. */
export type FakeSuite = Awaited<ReturnType<typeof startFakeSuite>>;

/** A sleep that only records how long it was asked to wait (no test waits for a backoff). */
export function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}
