import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, with whether it verified against the secrets it was told. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** Which of `secrets` verified it on its own (the Standard Webhooks library's `verify`). */
  verifiedWith: string[];
}

/**
 * A webhook receiver on the loopback for tests: verifies each delivery with the independent
 * `standardwebhooks` library and answers what `answer` says (200 by default).
 */
export async function startTestReceiver() {
  const received: Received[] = [];
  let secrets: string[] = [];
  let answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) };
      const verifiedWith = secrets.filter((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      received.push({ headers: req.headers, body, verifiedWith });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : `refused with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The secrets deliveries are checked against from now on. */
    trust(...next: string[]) {
      secrets = next;
    },
    /** The statuses the next requests get, in order (then 200). */
    answerNext(...statuses: number[]) {
      answers = statuses;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The test receiver's type. */
export type TestReceiver = Awaited<ReturnType<typeof startTestReceiver>>;
