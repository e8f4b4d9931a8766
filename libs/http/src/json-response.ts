import type { Express, Response } from 'express';
import { stringifyJson } from '@kyb/envelope';

const JSON_UTF8 = 'application/json; charset=utf-8';

/** The methods a precondition (If-None-Match) can answer 304: only their answers carry an ETag. */
const CONDITIONAL_METHODS = new Set(['GET', 'HEAD']);

/**
 * Replaces Express's `res.json` on this app's responses only, so a `RawJson` value (JSON text read
 * from PostgreSQL) reaches the body as it is, not parsed and serialized again. Otherwise as
 * Express's: JSON.stringify (the app sets no replacer, spaces or escaping), then `res.send` (ETag,
 * 304, Content-Length). Without a Content-Type of the handler's, the body goes as UTF-8 bytes under
 * `application/json; charset=utf-8`: the same answer, without Express parsing and formatting the
 * header again for each response to add the charset. The answer to a POST, PUT, PATCH or DELETE
 * gets no ETag (no precondition is evaluated for them): hashing it cost a 1,000-row bulk's 7 MB
 * answer some 15 ms, for a header no client can use.
 */
export function installJsonResponse(app: Express): void {
  app.response.json = function json(this: Response, body: unknown): Response {
    const text = stringifyJson(body);
    if (this.get('Content-Type')) return this.send(text);
    this.setHeader('Content-Type', JSON_UTF8);
    if (text === undefined) return this.send(text);
    const bytes = Buffer.from(text, 'utf8');
    if (CONDITIONAL_METHODS.has(this.req.method)) return this.send(bytes);
    this.setHeader('Content-Length', bytes.length);
    this.end(bytes);
    return this;
  };
}
