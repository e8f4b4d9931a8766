import type { Express, Response } from 'express';
import { stringifyJson } from '@kyb/envelope';

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * Replaces Express's `res.json` on this app's responses only, so a `RawJson` value (JSON text read
 * from PostgreSQL) reaches the body as it is, not parsed and serialized again. Otherwise as
 * Express's: JSON.stringify (the app sets no replacer, spaces or escaping), then `res.send` (ETag,
 * 304, Content-Length). Without a Content-Type of the handler's, the body goes as UTF-8 bytes under
 * `application/json; charset=utf-8`: the same answer, without Express parsing and formatting the
 * header again for each response to add the charset.
 */
export function installJsonResponse(app: Express): void {
  app.response.json = function json(this: Response, body: unknown): Response {
    const text = stringifyJson(body);
    if (this.get('Content-Type')) return this.send(text);
    this.setHeader('Content-Type', JSON_UTF8);
    return this.send(text === undefined ? text : Buffer.from(text, 'utf8'));
  };
}
