/** What stands for a value a trace must not carry. */
export const REDACTED = 'REDACTED';

/** A UUID (an id: kept), as opposed to a long opaque token in a path (a credential some webhook URLs carry). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN_LIKE = /^[A-Za-z0-9_~.=+-]{24,}$/;

/**
 * A query string with every value replaced (the names kept): a search term, a filter by email or
 * a token never reaches a span. `a=1&b=x` is `a=REDACTED&b=REDACTED`; no leading `?`.
 */
export function redactQuery(query: string): string {
  return query
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=')[0];
      return pair.includes('=') ? `${name}=${REDACTED}` : name;
    })
    .join('&');
}

/** A path with long opaque segments (tokens, not UUIDs) replaced. */
export function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (TOKEN_LIKE.test(segment) && !UUID.test(segment) ? REDACTED : segment))
    .join('/');
}

/** A URL or a path with its query's values, its user info and its opaque path segments redacted. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const head = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : url.slice(queryAt + 1);
  const origin = head.match(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i)?.[0] ?? '';
  const withoutUser = origin.replace(/\/\/[^@/]*@/, `//${REDACTED}:${REDACTED}@`);
  const path = redactPath(head.slice(origin.length));
  return `${withoutUser}${path}${query ? `?${redactQuery(query)}` : ''}`;
}

/** What an outgoing request says of where it goes (node's ClientRequest). */
export interface OutgoingRequest {
  protocol?: string;
  host: string;
  path: string;
  getHeader(name: string): unknown;
}

/**
 * An outgoing request's whole URL, redacted: its Host header names the port the request goes to
 * (`host` alone is the host name), so a span says which endpoint was called.
 */
export function outgoingUrl(request: OutgoingRequest): string {
  const header = request.getHeader('host');
  const authority = typeof header === 'string' && header.length > 0 ? header : request.host;
  return redactUrl(`${request.protocol ?? 'http:'}//${authority}${request.path}`);
}
