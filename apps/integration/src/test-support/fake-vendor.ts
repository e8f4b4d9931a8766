import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a fake vendor sees it: method, path, query, headers and the body's text. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** The full URL the client called (`http://127.0.0.1:<port>/...`), as a signature covers it. */
  url: string;
}

/** What a fake answers: a status, headers, and a body (an object is sent as JSON). */
export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Waits this long before answering (a slow vendor). */
  delayMs?: number;
}

/** A vendor's fake on 127.0.0.1: its base URL, what it was asked, and how to stop it. */
export interface FakeVendor {
  baseUrl: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/**
 * Starts a fake vendor on a free port of 127.0.0.1. `answer` plays the vendor, from its published
 * API: the same paths, bodies, errors and authentication. Every request is kept in `requests`.
 */
export async function startFakeVendor(answer: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>): Promise<FakeVendor> {
  const requests: FakeRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { port } = server.address() as AddressInfo;
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
      const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), url: url.toString() };
      requests.push(request);
      void Promise.resolve(answer(request)).then(async (reply) => {
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if (res.destroyed) return;
        const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        const type = typeof reply.body === 'string' ? 'text/plain' : 'application/json';
        res.writeHead(reply.status, { 'content-type': type, ...reply.headers });
        res.end(text);
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
