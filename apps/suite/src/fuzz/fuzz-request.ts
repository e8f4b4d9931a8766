import type { FuzzRoute } from './fuzz-routes';

/** Who sends a request: tenant A's owner, the platform ADMIN, or nobody (public routes). */
/** `applicant`: the APPLICANT invited to tenant A's first business, for the routes only an applicant calls. */
export type CallerName = 'owner' | 'admin' | 'applicant' | 'anonymous';

/** A path parameter: the world's real resource of that name, or a given text (a random UUID, or not a UUID). */
export type IdPick = { kind: 'real' } | { kind: 'given'; value: string };

/** What goes in the body, and under which Content-Type (none: no header at all). */
export type BodyPick =
  | { kind: 'none' }
  /** A JSON value, serialised by `JSON.stringify` (lone surrogates become `\udXXX` escapes). */
  | { kind: 'json'; value: unknown; contentType: string }
  /** Raw text as UTF-8 (a lone surrogate in it becomes U+FFFD on the wire). */
  | { kind: 'text'; text: string; contentType?: string };

/** One generated request; path ids are picked by kind, so a failing seed replays against any world. */
export interface FuzzRequest {
  caller: CallerName;
  ids: Record<string, IdPick>;
  /** Raw `name=value` pairs, in order; repeated and bracketed names included. */
  query: Array<[string, string]>;
  body: BodyPick;
}

/** The request as it goes on the wire. */
export interface WireRequest {
  method: string;
  /** Path and query, percent-encoded. */
  target: string;
  /** Each path parameter as it stands, percent-encoded, in the path. */
  encodedParams: Record<string, string>;
  /** The query string without `?`. */
  search: string;
  contentType?: string;
  body?: Buffer;
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Percent-encodes every character but the unreserved ones. A lone surrogate, which
 * `encodeURIComponent` refuses, is written as its three WTF-8 bytes: the server must cope with
 * text that does not decode.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += hex(0xe0 | (code >> 12)) + hex(0x80 | ((code >> 6) & 0x3f)) + hex(0x80 | (code & 0x3f));
    } else {
      out += encodeURIComponent(text[i]);
    }
  }
  return out;
}

/** The bytes and Content-Type of a body pick. */
export function bodyBytes(body: BodyPick): { body?: Buffer; contentType?: string } {
  if (body.kind === 'none') return {};
  if (body.kind === 'json') return { body: Buffer.from(JSON.stringify(body.value) ?? '', 'utf8'), contentType: body.contentType };
  return { body: Buffer.from(body.text, 'utf8'), contentType: body.contentType };
}

/** Lays `request` out for `route`, with `realIds` (by lower-cased parameter name) for the `real` picks. */
export function toWire(route: FuzzRoute, request: FuzzRequest, realIds: Record<string, string>): WireRequest {
  const encodedParams: Record<string, string> = {};
  const path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const pick = request.ids[name] ?? { kind: 'real' };
    const value = pick.kind === 'real' ? realIds[name.toLowerCase()] : pick.value;
    if (value === undefined) throw new Error(`${route.key}: the fuzz world has no ${name}`);
    encodedParams[name] = percentEncode(value);
    return encodedParams[name];
  });
  const search = request.query.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
  return { method: route.method.toUpperCase(), target: search ? `${path}?${search}` : path, encodedParams, search, ...bodyBytes(request.body) };
}

/** One answer of the suite. */
export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json?: unknown;
}

/** Sends a wire request to `base` with `token` as the bearer; an answer that does not come in 20 s fails. */
export async function send(base: string, wire: WireRequest, token: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (wire.contentType !== undefined) headers['content-type'] = wire.contentType;
  const res = await fetch(`${base}${wire.target}`, { method: wire.method, headers, body: wire.body, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, json };
}

/** A short, replayable description of a request: method, target, content type and body. */
export function describeWire(wire: WireRequest, caller: CallerName): string {
  const body = wire.body === undefined ? '' : ` body(${wire.contentType ?? 'no content-type'}, ${wire.body.length} bytes)=${clip(wire.body.toString('utf8'), 400)}`;
  return `${wire.method} ${clip(wire.target, 400)} as ${caller}${body}`;
}

/** `text` cut to `max` characters, escaped so NULs and lone surrogates stay visible. */
export function clip(text: string, max: number): string {
  const shown = text.length > max ? `${text.slice(0, max)}...(${text.length} chars)` : text;
  return JSON.stringify(shown);
}
