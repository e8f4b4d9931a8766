import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { pinnedLookup } from './pinned-lookup';
import { ResponseCapture, type ResponseLimits } from './response-capture';
import { checkWebhookUrl, resolveAllowed, urlPort, type GuardOptions, type HostLookup, type ResolvedAddress } from './ssrf-guard';

/** One signed delivery to send: the endpoint's URL, the headers (`signedHeaders`) and the exact body. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** How one delivery attempt is made. */
export interface DeliveryOptions extends ResponseLimits, GuardOptions {
  /** The whole attempt's budget: resolution, connection, sending and reading the response. */
  timeoutMs: number;
  /** Resolves the URL's host; the system resolver when absent. */
  lookup?: HostLookup;
}

/**
 * What one attempt came to. `ok` is true only for a 2xx status; `status` is the receiver's status
 * when one arrived; `responseExcerpt` the start of its body (null without a response); `error` why
 * the attempt failed when the status alone does not say it. Never holds the body or the headers.
 */
export interface DeliveryOutcome {
  ok: boolean;
  status: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/**
 * Makes one delivery attempt: checks the URL, resolves and checks its host afresh, then POSTs to
 * one of the checked addresses only (the host name kept for the Host header and TLS), without
 * following redirects, within `timeoutMs`, reading at most `maxResponseBytes` of the response.
 * Never throws: a refusal, a network or TLS failure or the time-out is an outcome with `ok: false`.
 */
export function deliverWebhook(request: WebhookRequest, options: DeliveryOptions): Promise<DeliveryOutcome> {
  const startedAt = performance.now();
  const capture = new ResponseCapture(options);
  return new Promise((resolve) => {
    let outgoing: ClientRequest | undefined;
    let settled = false;
    const finish = (error: string | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing?.destroy();
      const { status } = capture;
      resolve({
        ok: error === null && status !== null && status >= 200 && status < 300,
        status,
        durationMs: Math.round(performance.now() - startedAt),
        responseExcerpt: capture.excerpt(),
        error,
      });
    };
    const finishByStatus = (): void => finish(redirectError(capture.status));
    const timer = setTimeout(() => finish(`timed out after ${options.timeoutMs} ms`), options.timeoutMs);

    const start = async (): Promise<void> => {
      const checked = checkWebhookUrl(request.url, options);
      if (!checked.ok) return finish(checked.reason);
      const resolution = await resolveAllowed(checked.url.hostname, { ...options, port: urlPort(checked.url) });
      if (settled) return;
      if (!resolution.ok) return finish(resolution.reason);
      outgoing = post(checked.url, resolution.addresses, request);
      outgoing.on('error', (err) => (capture.status === null ? finish(describeFailure(err)) : finishByStatus()));
      outgoing.on('response', (response: IncomingMessage) => {
        capture.status = response.statusCode ?? null;
        // A body cut short still counts by its status: the receiver has answered.
        response.on('error', finishByStatus);
        response.on('end', finishByStatus);
        response.on('close', finishByStatus);
        response.on('data', (chunk: Buffer) => {
          capture.take(chunk);
          // Leave the rest unread: finish destroys the socket.
          if (capture.full) finishByStatus();
        });
        if (capture.full) finishByStatus();
      });
      outgoing.end(request.body);
    };
    start().catch((err: unknown) => finish(describeFailure(err)));
  });
}

function post(url: URL, addresses: ResolvedAddress[], request: WebhookRequest): ClientRequest {
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return (secure ? https : http).request({
    method: 'POST',
    hostname: host,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
    // A fresh connection per attempt: a pooled socket would skip this attempt's address check.
    agent: false,
    lookup: pinnedLookup(addresses),
    ...(secure && isIP(host) === 0 ? { servername: host } : {}),
  });
}

function redirectError(status: number | null): string | null {
  return status !== null && status >= 300 && status < 400 ? `redirect not followed (status ${status})` : null;
}

const NETWORK_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the receiver',
  EPIPE: 'connection closed by the receiver while sending',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  ENOTFOUND: 'url host does not resolve',
};

/**
 * A failure as a short text. Built from the error code only: messages can carry header names and
 * values, and the headers hold the signatures.
 */
function describeFailure(err: unknown): string {
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  if (typeof code !== 'string' || !/^[A-Z0-9_]+$/.test(code)) return 'request failed';
  if (code in NETWORK_FAILURES) return NETWORK_FAILURES[code];
  if (code === 'EPROTO' || /^ERR_(TLS|SSL)_|CERT|SELF_SIGNED|UNABLE_TO_/.test(code)) {
    return `tls handshake failed (${code})`;
  }
  return `request failed (${code})`;
}
