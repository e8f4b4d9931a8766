import express, { type Router } from 'express';
import helmet from 'helmet';
import { RouteNotFoundError, createErrorHandler } from '@kyb/envelope';

/**
 * A small app shaped like the suite's (`createHttpApp`): the same helmet policy
 * (`default-src 'none'`), JSON bodies, `Cache-Control`, then the router at `path`, then the 404
 * and error envelopes. Tests only.
 */
export function appWith(path: string, router: Router): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } }));
  app.use((req, res, next) => {
    res.set('Cache-Control', req.method === 'GET' || req.method === 'HEAD' ? 'private, no-cache' : 'no-store');
    next();
  });
  app.use(express.json({ limit: '100kb' }));
  app.use(path, router);
  app.use((_req, _res, next) => next(new RouteNotFoundError()));
  app.use(createErrorHandler({ error: () => undefined }));
  return app;
}

/** The directives of a `Content-Security-Policy` header value. */
export function parseCsp(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** The `src` and `href` attribute values of an HTML page. */
export function referencedUrls(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)\s*=\s*"([^"]*)"/gi)].map((m) => m[1]);
}
