/**
 * Runs the gateway with a real nginx in front of small in-test HTTP servers standing in for the
 * areas.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { delimiter, join } from 'node:path';

/** The nginx binary: on PATH, or in the sbin directories a non-root PATH often lacks. */
export function findNginx(): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) {
    const candidate = join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error('nginx is not installed, so the gateway cannot be tested: apt-get install -y nginx-light (Debian), then run the tests again');
}

/** What a stand-in area saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyLength: number;
}

/** A stand-in for an area's api: records requests and answers like the app would. */
export interface StubArea {
  area: string;
  port: number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** The app-like 503 a stand-in answers on `<prefix>/readyz`. */
export const STUB_NOT_READY = {
  status: 'error',
  message: 'Not ready: postgres did not answer',
  errorCode: 'UNKNOWN_ERROR',
  data: { errorName: 'ServiceUnavailableError', failed: ['postgres'] },
};

/**
 * Starts a stand-in area on a free port. `<prefix>/readyz` answers its own 503 envelope,
 * `<prefix>/status/<code>` answers that status with an app-like envelope; any other request
 * answers 200 with what the area saw. Every answer echoes X-Request-Id, as the apps do.
 */
export async function startStubArea(area: string): Promise<StubArea> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    let bodyLength = 0;
    req.on('data', (chunk: Buffer) => {
      bodyLength += chunk.length;
    });
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, bodyLength };
      seen.push(request);
      const status = /\/readyz$/.test(request.url) ? 503 : Number(/\/status\/(\d{3})$/.exec(request.url)?.[1] ?? 200);
      const body =
        status === 503 && /\/readyz$/.test(request.url)
          ? STUB_NOT_READY
          : status === 200
            ? { status: 'success', message: `${area} stub`, data: { area, ...request } }
            : { status: status >= 500 ? 'error' : 'fail', message: `${area} says ${status}`, errorCode: 'UNKNOWN_ERROR', data: { errorName: 'StubError' } };
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'X-Stub-Area': area,
        ...(typeof req.headers['x-request-id'] === 'string' ? { 'X-Request-Id': req.headers['x-request-id'] } : {}),
      });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    area,
    port: (server.address() as AddressInfo).port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One answer, read whole. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Sends one request to 127.0.0.1:port on a fresh connection. A write error after the answer arrived (413) is ignored. */
export function send(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(20000, () => req.destroy(new Error(`no answer to ${options.method ?? 'GET'} ${options.path} within 20 s`)));
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.end(options.body);
  });
}

/** A running nginx. */
export interface RunningNginx {
  process: ChildProcess;
  /** Its stdout and stderr (the error log), so far. */
  output(): { stdout: string; stderr: string };
  stop(): Promise<void>;
}

/** Starts `nginx -p <dir> -c <conf> -g 'daemon off;'` and waits until the gateway answers /healthz on `port`. */
export async function startNginx(nginx: string, prefix: string, conf: string, port: number): Promise<RunningNginx> {
  const child = spawn(nginx, ['-p', prefix, '-c', conf, '-e', 'stderr', '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running: RunningNginx = {
    process: child,
    output: () => ({ stdout, stderr }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 15000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} before answering: ${stderr.trim()}`);
    try {
      if ((await send(port, { path: '/healthz' })).status === 200) return running;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await running.stop();
      throw new Error(`nginx did not answer on port ${port} within 15 s: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
