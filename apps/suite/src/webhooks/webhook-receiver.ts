import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** The Standard Webhooks headers of one request, as sent. */
export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** One request the receiver got: headers, the raw body, what it answered, and which secrets verified it. */
export interface ReceivedWebhook {
  headers: WebhookHeaders;
  body: string;
  /** The body parsed (undefined when it is not JSON). */
  event: { type?: string; timestamp?: string; data?: Record<string, unknown> } | undefined;
  answered: number;
  /** The trusted secrets whose `new Webhook(secret).verify(body, headers)` passed, at the time the request arrived. */
  verifiedWith: string[];
}

/** Decides the answer to one request from its parsed body (200 unless it says otherwise). */
export type AnswerRule = (event: ReceivedWebhook['event']) => number;

/**
 * A customer's webhook endpoint on the loopback, as a customer would write one: it verifies each
 * request with the independent `standardwebhooks` library (on arrival, so the timestamp check is
 * real) against the secrets it was told to trust, keeps every request, and answers what its rule
 * says for that event (200 by default).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let secrets: string[] = [];
  let rule: AnswerRule = () => 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: WebhookHeaders = {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      };
      const verifiedWith = secrets.filter((secret) => {
        try {
          new Webhook(secret).verify(body, { ...headers });
          return true;
        } catch {
          return false;
        }
      });
      let event: ReceivedWebhook['event'];
      try {
        event = JSON.parse(body) as ReceivedWebhook['event'];
      } catch {
        event = undefined;
      }
      const answered = rule(event);
      received.push({ headers, body, event, answered, verifiedWith });
      res.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'thanks' : `refused with ${answered}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/kyb-events`,
    received,
    /** The secrets requests are verified against from now on. */
    trust(...next: string[]) {
      secrets = next;
    },
    /** How the receiver answers from now on. */
    answer(next: AnswerRule) {
      rule = next;
    },
    /** The requests of one event (by `webhook-id`), in the order they arrived. */
    requestsOf(eventId: string): ReceivedWebhook[] {
      return received.filter((r) => r.headers['webhook-id'] === eventId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The receiver's type. */
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
