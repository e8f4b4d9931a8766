import type { LookupAddress } from 'node:dns';
import { Socket, type LookupFunction } from 'node:net';
import { deliverWebhook, type DeliveryOptions } from './deliver';
import { generateWebhookSecret, signedHeaders } from './signing';
import type { HostLookup, ResolvedAddress } from './ssrf-guard';
import { LocalReceivers } from './test-support/local-receiver';

const receivers = new LocalReceivers();
afterEach(async () => {
  jest.restoreAllMocks();
  await receivers.closeAll();
});

const body = JSON.stringify({ type: 'business.verified', data: { businessId: 'b_1' } });
const headers = signedHeaders([generateWebhookSecret()], 'msg_1', Math.floor(Date.now() / 1000), body);
const strict: DeliveryOptions = { allowPrivate: false, timeoutMs: 2000, maxResponseBytes: 1024, excerptBytes: 256 };
const local: DeliveryOptions = { ...strict, allowPrivate: true };

/** A lookup giving each call the next answer in turn, as a rebinding DNS server would. */
function answersInTurn(...answers: ResolvedAddress[][]) {
  return jest.fn<ReturnType<HostLookup>, Parameters<HostLookup>>(async () => answers.shift() ?? []);
}

/** The outcome of an attempt that got no response. */
const noResponse = (error: string) => ({
  ok: false,
  status: null,
  durationMs: expect.any(Number),
  responseExcerpt: null,
  error,
});

describe('deliverWebhook refuses internal destinations', () => {
  const privateHost = 'url host is a private or reserved address';
  it.each([
    ['an IPv4 loopback literal', 'https://127.0.0.1:PORT/', privateHost],
    ['localhost', 'https://localhost:PORT/', privateHost],
    ['an IPv6 loopback literal', 'https://[::1]:PORT/', privateHost],
    ['plain http', 'http://127.0.0.1:PORT/', 'url must use https'],
  ])('without allowPrivate, %s is refused without connecting', async (_case, url, reason) => {
    const receiver = await receivers.http((_req, res) => res.writeHead(200).end());

    const outcome = await deliverWebhook({ url: url.replace('PORT', String(receiver.port)), headers, body }, strict);

    expect(outcome).toEqual(noResponse(reason));
    expect(receiver.connections()).toBe(0);
  });

  it('without allowPrivate, a name resolving to a loopback address is refused without connecting', async () => {
    const receiver = await receivers.http((_req, res) => res.writeHead(200).end());
    const lookup = answersInTurn([{ address: '127.0.0.1', family: 4 }]);

    const outcome = await deliverWebhook(
      { url: `https://hooks.example.test:${receiver.port}/`, headers, body },
      { ...strict, lookup },
    );

    expect(outcome).toEqual(noResponse('url host resolves to a private or reserved address'));
    expect(receiver.connections()).toBe(0);
  });

  it('when the name does not resolve, the attempt fails without connecting', async () => {
    const outcome = await deliverWebhook(
      { url: 'https://nowhere.example.test/', headers, body },
      { ...strict, lookup: answersInTurn([]) },
    );
    expect(outcome).toEqual(noResponse('url host does not resolve'));
  });

  it('checks the host again at every attempt: a name rebound to a private address is refused', async () => {
    const receiver = await receivers.http((_req, res) => res.writeHead(200).end());
    const lookup = answersInTurn([{ address: '93.184.215.14', family: 4 }], [{ address: '127.0.0.1', family: 4 }]);
    // The first, public, answer must not leave this machine: the socket fails at once, after
    // recording where it was told to connect.
    const dialled: Array<{ host: string | undefined; addresses: LookupAddress[] }> = [];
    const connect = jest.spyOn(Socket.prototype, 'connect').mockImplementation(function (this: Socket, ...args) {
      const first: unknown = args[0];
      const options = (Array.isArray(first) ? first[0] : first) as { host?: string; lookup: LookupFunction };
      options.lookup(options.host ?? '', { all: true }, (_err, addresses) => {
        dialled.push({ host: options.host, addresses: addresses as LookupAddress[] });
      });
      setImmediate(() => this.destroy(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })));
      return this;
    });
    const request = { url: `https://hooks.example.test:${receiver.port}/`, headers, body };

    const first = await deliverWebhook(request, { ...strict, lookup });
    const second = await deliverWebhook(request, { ...strict, lookup });

    expect(first).toEqual(noResponse('connection refused'));
    expect(dialled).toEqual([{ host: 'hooks.example.test', addresses: [{ address: '93.184.215.14', family: 4 }] }]);
    expect(second).toEqual(noResponse('url host resolves to a private or reserved address'));
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(receiver.connections()).toBe(0);
  });
});

describe('deliverWebhook connects to the checked address only', () => {
  it('sends to the address the guard resolved, keeping the host name in the Host header', async () => {
    const receiver = await receivers.http((_req, res) => res.writeHead(202).end());
    const lookup = answersInTurn([{ address: '127.0.0.1', family: 4 }]);

    // .test names never resolve in DNS: the request can only have used the checked answer.
    const outcome = await deliverWebhook(
      { url: `http://hooks.example.test:${receiver.port}/kyb`, headers, body },
      { ...local, lookup },
    );

    expect(outcome).toMatchObject({ ok: true, status: 202, error: null });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(receiver.received[0].headers.host).toBe(`hooks.example.test:${receiver.port}`);
  });

  it('over https, presents the host name in TLS (SNI) and reports a failed handshake by its code', async () => {
    // Not a TLS server: it answers the ClientHello with plain HTTP.
    const listener = await receivers.tcp((socket) => socket.end('HTTP/1.1 200 OK\r\n\r\n'));
    const lookup = answersInTurn([{ address: '127.0.0.1', family: 4 }]);

    const outcome = await deliverWebhook(
      { url: `https://hooks.example.test:${listener.port}/kyb`, headers, body },
      { ...local, lookup },
    );

    expect(outcome).toEqual(noResponse('tls handshake failed (EPROTO)'));
    expect(listener.firstBytes).toHaveLength(1);
    expect(listener.firstBytes[0].includes('hooks.example.test')).toBe(true);
    expect(listener.firstBytes[0].includes(body)).toBe(false);
  });
});

describe('deliverWebhook with allowPrivate still refuses link-local, metadata and the suite\'s own ports', () => {
  it('a name that answered a loopback receiver and is rebound to the metadata address is refused at the next attempt', async () => {
    const receiver = await receivers.http((_req, res) => res.writeHead(200).end('ok'));
    const lookup = answersInTurn([{ address: '127.0.0.1', family: 4 }], [{ address: '169.254.169.254', family: 4 }]);
    const request = { url: `http://hooks.example.test:${receiver.port}/kyb`, headers, body };

    const first = await deliverWebhook(request, { ...local, lookup });
    const second = await deliverWebhook(request, { ...local, lookup });

    expect(first).toMatchObject({ ok: true, status: 200 });
    expect(second).toEqual(noResponse('url host resolves to a link-local or metadata address'));
    expect(receiver.connections()).toBe(1);
  });

  it('a literal metadata address is refused without connecting', async () => {
    const outcome = await deliverWebhook({ url: 'http://[::ffff:169.254.169.254]/latest/meta-data/', headers, body }, local);
    expect(outcome).toEqual(noResponse('url host is a link-local or metadata address'));
  });

  it('a receiver on one of the suite\'s ports is refused without connecting, by address or by name', async () => {
    const receiver = await receivers.http((_req, res) => res.writeHead(200).end('the suite itself'));
    const own = { ...local, suitePorts: [receiver.port] };

    const literal = await deliverWebhook({ url: receiver.url('/auth/api/v1/customers'), headers, body }, own);
    const named = await deliverWebhook(
      { url: `http://localhost:${receiver.port}/`, headers, body },
      { ...own, lookup: answersInTurn([{ address: '127.0.0.1', family: 4 }]) },
    );

    expect(literal).toEqual(noResponse('url host is a loopback or private address and its port is one the suite serves on'));
    expect(named).toEqual(noResponse('url host resolves to a loopback or private address and its port is one the suite serves on'));
    expect(receiver.connections()).toBe(0);
  });
});
