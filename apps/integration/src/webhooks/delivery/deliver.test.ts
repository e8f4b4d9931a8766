import type { ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { deliverWebhook, type DeliveryOptions } from './deliver';
import { generateWebhookSecret, signedHeaders } from './signing';
import { LocalReceivers } from './test-support/local-receiver';

const receivers = new LocalReceivers();
afterEach(() => receivers.closeAll());

const secret = generateWebhookSecret();
const body = JSON.stringify({ type: 'business.verified', data: { businessId: 'b_1' } });
const headers = signedHeaders([secret], 'msg_1', Math.floor(Date.now() / 1000), body);
const local: DeliveryOptions = { allowPrivate: true, timeoutMs: 5000, maxResponseBytes: 64 * 1024, excerptBytes: 1024 };

/** Writes to the response for as long as the client keeps reading. */
function streamEndlessly(response: ServerResponse): void {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const pump = (): void => {
    while (!response.destroyed && response.write(chunk));
  };
  response.on('drain', pump);
  response.writeHead(200, { 'content-type': 'text/plain' });
  pump();
}

describe('deliverWebhook to a local receiver', () => {
  it('when the receiver answers 200, the attempt is ok and the receiver got the headers and body intact', async () => {
    const receiver = await receivers.http((_req, res) => res.writeHead(200).end('thanks'));

    const outcome = await deliverWebhook({ url: receiver.url('/hooks/kyb?tenant=7'), headers, body }, local);

    expect(outcome).toEqual({
      ok: true,
      status: 200,
      durationMs: expect.any(Number),
      responseExcerpt: 'thanks',
      error: null,
    });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/kyb?tenant=7', body });
    expect(request.headers).toMatchObject({
      ...headers,
      host: `127.0.0.1:${receiver.port}`,
      'content-length': String(Buffer.byteLength(body)),
    });
    const received = request.headers as Record<string, string>;
    expect(new Webhook(secret).verify(request.body, received)).toEqual(JSON.parse(body));
  });

  it('when the receiver answers 204 without a body, the attempt is ok with an empty excerpt', async () => {
    const receiver = await receivers.http((_req, res) => res.writeHead(204).end());
    const outcome = await deliverWebhook({ url: receiver.url(), headers, body }, local);
    expect(outcome).toMatchObject({ ok: true, status: 204, responseExcerpt: '', error: null });
  });

  it('when the receiver answers 500, the attempt fails with the status and the start of the body', async () => {
    const receiver = await receivers.http((_req, res) => res.writeHead(500).end('database unavailable, try later'));

    const outcome = await deliverWebhook({ url: receiver.url(), headers, body }, { ...local, excerptBytes: 20 });

    expect(outcome).toEqual({
      ok: false,
      status: 500,
      durationMs: expect.any(Number),
      responseExcerpt: 'database unavailable',
      error: null,
    });
  });

  it('when the receiver redirects, the redirect is not followed and the attempt fails', async () => {
    const receiver = await receivers.http((req, res) => {
      if (req.url === '/moved') res.writeHead(301, { location: '/elsewhere' }).end('moved');
      else res.writeHead(200).end('should not be reached');
    });

    const outcome = await deliverWebhook({ url: receiver.url('/moved'), headers, body }, local);

    expect(outcome).toMatchObject({
      ok: false,
      status: 301,
      responseExcerpt: 'moved',
      error: 'redirect not followed (status 301)',
    });
    expect(receiver.received.map((request) => request.url)).toEqual(['/moved']);
  });

  it('when the receiver never answers, the attempt times out', async () => {
    const receiver = await receivers.http(() => undefined);

    const outcome = await deliverWebhook({ url: receiver.url(), headers, body }, { ...local, timeoutMs: 200 });

    expect(outcome).toEqual({
      ok: false,
      status: null,
      durationMs: expect.any(Number),
      responseExcerpt: null,
      error: 'timed out after 200 ms',
    });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(190);
    expect(outcome.durationMs).toBeLessThan(2000);
  });

  it('when a 200 body trickles past the time-out, the attempt fails and keeps the status', async () => {
    const receiver = await receivers.http((_req, res) => {
      res.writeHead(200);
      res.write('slow');
    });

    const outcome = await deliverWebhook({ url: receiver.url(), headers, body }, { ...local, timeoutMs: 200 });

    expect(outcome).toMatchObject({
      ok: false,
      status: 200,
      responseExcerpt: 'slow',
      error: 'timed out after 200 ms',
    });
  });

  it('when the response never ends, reading stops at maxResponseBytes and the status decides', async () => {
    let closedByClient = false;
    const receiver = await receivers.http((_req, res) => {
      res.on('close', () => (closedByClient = true));
      streamEndlessly(res);
    });

    const outcome = await deliverWebhook(
      { url: receiver.url(), headers, body },
      { ...local, timeoutMs: 10_000, maxResponseBytes: 256 * 1024, excerptBytes: 10 },
    );

    expect(outcome).toMatchObject({ ok: true, status: 200, responseExcerpt: 'xxxxxxxxxx', error: null });
    expect(outcome.durationMs).toBeLessThan(5000);
    // The receiver sees the connection close a moment after the client cut it: wait for it, up to 5 s.
    for (let i = 0; i < 500 && !closedByClient; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closedByClient).toBe(true);
  });

  it('with maxResponseBytes 0, the body is not read and the status decides', async () => {
    const receiver = await receivers.http((_req, res) => streamEndlessly(res));

    const outcome = await deliverWebhook({ url: receiver.url(), headers, body }, { ...local, maxResponseBytes: 0 });

    expect(outcome).toMatchObject({ ok: true, status: 200, responseExcerpt: '', error: null });
  });

  it('keeps a binary or cut response as text without throwing', async () => {
    const bytes = Buffer.concat([Buffer.from('hi'), Buffer.from([0x00, 0xff]), Buffer.from('Zoë')]);
    const receiver = await receivers.http((_req, res) => res.writeHead(400).end(bytes));

    // 'ë' is two bytes: an excerpt of 7 bytes cuts it in half.
    const outcome = await deliverWebhook({ url: receiver.url(), headers, body }, { ...local, excerptBytes: 7 });

    expect(outcome).toMatchObject({ ok: false, status: 400, responseExcerpt: 'hi\ufffdZo', error: null });
  });

  it('when nothing listens, the attempt fails as connection refused', async () => {
    const port = await receivers.closedPort();

    const outcome = await deliverWebhook({ url: `http://127.0.0.1:${port}/`, headers, body }, local);

    expect(outcome).toEqual({
      ok: false,
      status: null,
      durationMs: expect.any(Number),
      responseExcerpt: null,
      error: 'connection refused',
    });
  });

  it('when a header cannot be sent, the error names the cause but not the header value', async () => {
    const receiver = await receivers.http((_req, res) => res.writeHead(200).end());
    const forged = { ...headers, 'webhook-signature': `${headers['webhook-signature']}\r\nx-injected: 1` };

    const outcome = await deliverWebhook({ url: receiver.url(), headers: forged, body }, local);

    expect(outcome).toMatchObject({ ok: false, status: null, error: 'request failed (ERR_INVALID_CHAR)' });
    expect(outcome.error).not.toContain(headers['webhook-signature']);
    expect(receiver.connections()).toBe(0);
  });
});
