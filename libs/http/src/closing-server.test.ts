import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { followConnections, type ClosingServer } from './closing-server';

/** A raw client connection: what it sent is up to the test, what came back is collected until the server closes it. */
interface RawClient {
  socket: Socket;
  received(): string;
  /** Resolves with everything received once the server closed the connection. */
  closed: Promise<string>;
}

function rawClient(port: number): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

/** The answers in what a connection received, each with its headers (lower-cased names) and body. */
function answersIn(raw: string): Array<{ status: number; headers: Record<string, string>; body: string }> {
  const answers = [];
  let rest = raw;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length']);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(headEnd + 4, headEnd + 4 + length) });
    rest = rest.slice(headEnd + 4 + length);
  }
  return answers;
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('followConnections', () => {
  let server: Server;
  let closing: ClosingServer;
  let handler: (req: IncomingMessage, res: ServerResponse) => void;
  let port: number;

  beforeEach(async () => {
    server = createServer((req, res) => handler(req, res));
    closing = followConnections(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(() => {
    if (server.listening) server.close();
    server.closeAllConnections();
  });

  it('delivers whole an answer still being written to a client that reads slowly when the close begins', async () => {
    const big = 'b'.repeat(8_000_000);
    let unwrittenAtClose = 0;
    let closed: Promise<void> | undefined;
    handler = (_req, res) => {
      res.end(big);
      // Once the request is read to its end, as a stop's close comes: the connection counts as idle to Node then.
      setImmediate(() => {
        unwrittenAtClose = res.writableLength;
        closed = closing.close();
      });
    };
    const client = await rawClient(port);
    client.socket.pause();
    client.socket.write(request('/big'));
    await new Promise((resolve) => server.once('request', resolve));
    await sleep(100);
    // The case Node's own close cuts short: the answer is ended, most of it not yet written out.
    expect(unwrittenAtClose).toBeGreaterThan(1_000_000);
    client.socket.resume();
    const [answer] = answersIn(await client.closed);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(big.length);
    await closed;
    expect(server.listening).toBe(false);
  });

  it('answers a request in flight with Connection: close and resolves once it is answered; new connections are refused', async () => {
    let answer: (() => void) | undefined;
    handler = (_req, res) => {
      answer = () => res.end('late answer');
    };
    const client = await rawClient(port);
    client.socket.write(request('/slow'));
    await new Promise((resolve) => server.once('request', resolve));
    let resolved = false;
    const closed = closing.close().then(() => (resolved = true));
    await expect(rawClient(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await sleep(50);
    expect(resolved).toBe(false);
    (answer as () => void)();
    const answers = answersIn(await client.closed);
    expect(answers).toEqual([{ status: 200, headers: expect.objectContaining({ connection: 'close' }), body: 'late answer' }]);
    await closed;
    expect(resolved).toBe(true);
  });

  it('closes a kept-alive connection with no request on it at once', async () => {
    handler = (_req, res) => res.end('first');
    const client = await rawClient(port);
    client.socket.write(request('/first'));
    await new Promise<void>((resolve) => {
      const check = () => (client.received().endsWith('first') ? resolve() : setTimeout(check, 5));
      check();
    });
    expect(answersIn(client.received())[0].headers.connection).toBe('keep-alive');
    const started = Date.now();
    await closing.close();
    await client.closed;
    // Not after the keep-alive timeout (5 s): the connection had nothing left to answer.
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('lets a request that was arriving when the close began finish arriving, and answers it', async () => {
    handler = (req, res) => res.end(`answered ${req.url}`);
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const client = await rawClient(port);
    const serverSide = await accepted;
    client.socket.write('GET /arriving HTTP/1.1\r\nHo');
    // The server has read the first bytes (no sleep to guess when): the request is arriving when the close begins.
    await new Promise<void>((resolve) => {
      const check = () => (serverSide.bytesRead > 0 ? resolve() : setTimeout(check, 5));
      check();
    });
    const closed = closing.close();
    await sleep(50);
    client.socket.write('st: test\r\n\r\n');
    const answers = answersIn(await client.closed);
    expect(answers).toEqual([{ status: 200, headers: expect.objectContaining({ connection: 'close' }), body: 'answered /arriving' }]);
    await closed;
  });

  it('answers pipelined requests in turn before closing their connection', async () => {
    const pending: Array<() => void> = [];
    handler = (req, res) => pending.push(() => res.end(`answered ${req.url}`));
    const client = await rawClient(port);
    client.socket.write(request('/one') + request('/two'));
    await new Promise((resolve) => server.once('request', resolve));
    const closed = closing.close();
    (pending.shift() as () => void)();
    await new Promise<void>((resolve) => {
      const check = () => (pending.length > 0 ? resolve() : setTimeout(check, 5));
      check();
    });
    (pending.shift() as () => void)();
    const answers = answersIn(await client.closed);
    expect(answers.map((a) => a.body)).toEqual(['answered /one', 'answered /two']);
    await closed;
  });
});
