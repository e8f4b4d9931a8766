import express, { type Express, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import { RouteNotFoundError, ServiceUnavailableError, createErrorHandler, success } from '@kyb/envelope';
import { installConditionalGet, strongEtag } from './conditional-get';
import { installJsonResponse } from './json-response';
import type { Logger } from './logger';
import { createHttpMetrics, type HttpMetrics } from './metrics';
import { requestFrame } from './request-frame';
import type { ShutdownState } from './shutdown-state';

/** A router served under a path prefix, e.g. the auth area at `/auth/api/v1`. */
export interface Mount {
  prefix: string;
  router: Router;
}

/** A path that accepts a larger JSON or CSV body than the default. */
export interface LargeBody {
  path: RegExp;
  limit: string;
  /**
   * Checks run before such a body is read (authentication), so a caller who may not send it never
   * makes the server read megabytes. They run for requests with a body (POST, PUT, PATCH).
   */
  before?: RequestHandler[];
}

/** A named dependency check for `/readyz`; rejects when the dependency does not answer. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** Options of {@link createHttpApp}. */
export interface CreateHttpAppOptions {
  /** Service name for logs and metrics. */
  service: string;
  logger: Logger;
  mounts: Mount[];
  readiness?: ReadinessCheck[];
  /** Largest JSON body accepted (e.g. `100kb`). */
  bodyLimit?: string;
  /** Paths that take larger bodies (bulk imports): JSON or CSV up to `limit`. */
  largeBodies?: LargeBody[];
  /** Express `trust proxy` setting; behind the gateway, the number of proxy hops. */
  trustProxy?: boolean | number | string | string[];
  metrics?: HttpMetrics;
  /** Serve `/metrics` here (default true); api processes serve it on their metrics port only. */
  exposeMetrics?: boolean;
  /** Once stopping, `/readyz` answers 503 and every response closes its connection. */
  shutdown?: ShutdownState;
}

/**
 * The app factory every area uses: security headers, request id, redacted request logging,
 * JSON bodies with a limit, ETag with 304 (also to fetch()'s `Cache-Control: no-cache`), health, readiness and metrics endpoints, the areas'
 * routers, then the 404 and error envelopes. It never listens; the caller does.
 */
export function createHttpApp(options: CreateHttpAppOptions): Express {
  const app = express();
  const metrics = options.metrics ?? createHttpMetrics({ service: options.service });
  app.disable('x-powered-by');
  app.set('etag', strongEtag);
  app.set('query parser', 'extended');
  app.set('trust proxy', options.trustProxy ?? false);
  installConditionalGet(app);
  installJsonResponse(app);

  app.use(
    helmet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    }),
  );
  // Request id, Cache-Control, Connection while stopping, then the log line and metrics once answered.
  app.use(requestFrame({ logger: options.logger, metrics, shutdown: options.shutdown }));
  for (const large of options.largeBodies ?? []) {
    const withBody = (guard: RequestHandler): RequestHandler => (req, res, next) =>
      ['POST', 'PUT', 'PATCH'].includes(req.method) ? guard(req, res, next) : next();
    // Parsed here, the default parser below skips these bodies (body-parser marks them read).
    app.use(large.path, ...(large.before ?? []).map(withBody), express.json({ limit: large.limit }), express.text({ type: 'text/csv', limit: large.limit }));
  }
  app.use(express.json({ limit: options.bodyLimit ?? '100kb', type: ['application/json', 'application/*+json'] }));

  app.get('/healthz', (_req, res) => {
    res.json(success('OK', { status: 'alive' }));
  });
  app.get('/readyz', async (_req, res) => {
    if (options.shutdown?.stopping) throw new ServiceUnavailableError('Not ready: shutting down', { failed: ['shutdown'] });
    const checks = options.readiness ?? [];
    const results = await Promise.allSettled(checks.map((c) => c.check()));
    const failed = checks.filter((_c, i) => results[i].status === 'rejected').map((c) => c.name);
    if (failed.length > 0) throw new ServiceUnavailableError(`Not ready: ${failed.join(', ')} did not answer`, { failed });
    res.json(success('Ready', { checks: checks.map((c) => c.name) }));
  });
  if (options.exposeMetrics !== false) {
    app.get('/metrics', async (_req, res) => {
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }

  for (const mount of options.mounts) app.use(mount.prefix, mount.router);

  app.use((_req, _res, next) => next(new RouteNotFoundError()));
  app.use(createErrorHandler(options.logger));
  return app;
}
