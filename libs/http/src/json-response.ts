import type { Express, Response } from 'express';
import { stringifyJson } from '@kyb/envelope';

/**
 * Replaces Express's `res.json` on this app's responses only, so a `RawJson` value (JSON text read
 * from PostgreSQL) reaches the body as it is, not parsed and serialized again. Otherwise as
 * Express's: JSON.stringify (the app sets no replacer, spaces or escaping), `Content-Type:
 * application/json` unless one is set, then `res.send` (ETag, 304, Content-Length).
 */
export function installJsonResponse(app: Express): void {
  app.response.json = function json(this: Response, body: unknown): Response {
    const text = stringifyJson(body);
    if (!this.get('Content-Type')) this.set('Content-Type', 'application/json');
    return this.send(text);
  };
}
