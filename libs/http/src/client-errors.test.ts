import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { answerClientErrorsInEnvelope } from './client-errors';

/** Sends `raw` bytes to `server` and resolves with everything it answered before closing. */
function exchange(server: Server, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(raw);
  });
}

/** The status line and the JSON body of a raw HTTP answer. */
function parse(answer: string): { statusLine: string; headers: string; body: unknown } {
  const [head, body] = answer.split('\r\n\r\n');
  return { statusLine: head.split('\r\n')[0], headers: head, body: JSON.parse(body) };
}

describe('answerClientErrorsInEnvelope', () => {
  let server: Server;
  let reached = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      reached++;
      res.end('ok');
    });
    answerClientErrorsInEnvelope(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers a request head over the 16 KB limit with 431 in the envelope, before any app runs', async () => {
    const answer = parse(await exchange(server, `GET /x?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.headers).toMatch(/Content-Type: application\/json/);
    expect(answer.headers).toMatch(/Connection: close/);
    expect(answer.body).toEqual({
      status: 'fail',
      message: 'Request line and headers are larger than the limit of 16 KB',
      errorCode: 'INVALID',
      data: { errorName: 'RequestHeadersTooLargeError' },
    });
    expect(reached).toBe(0);
  });

  it('answers a malformed request with 400 in the envelope', async () => {
    const answer = parse(await exchange(server, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.body).toEqual({ status: 'fail', message: 'Malformed HTTP request', errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
  });

  it('leaves well-formed requests to the app', async () => {
    expect(await exchange(server, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1.1 200 OK[\s\S]*ok$/);
    expect(reached).toBe(1);
  });
});
