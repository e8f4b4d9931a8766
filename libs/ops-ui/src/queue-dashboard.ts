import { Router, type RequestHandler } from 'express';
import { Queue, type ConnectionOptions } from 'bullmq';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type { IServerAdapter } from '@bull-board/api/typings/app';
import { MethodNotAllowedError } from '@kyb/envelope';
import type { QueueDefinition } from '@kyb/queues';
import { requireAdmin, type VerifyAdminPassword } from './admin-guard';
import { dashboardDirectives, setCsp } from './content-security-policy';
import { DashboardServerAdapter } from './dashboard-server-adapter';

/** Options of {@link createQueueDashboard}. */
export interface QueueDashboardOptions {
  /**
   * The public URL path the returned router is mounted at, e.g. `/auth/api/v1/admin/queues`:
   * the page's `<base href>`, so its assets and API calls resolve under it.
   */
  basePath: string;
  /** The queues shown. */
  queues: ReadonlyArray<QueueDefinition<unknown>>;
  /** Redis of the queues; a producer connection (fails fast) keeps a page from hanging in an outage. */
  connection: ConnectionOptions;
  /** Key prefix of the queues (a test file's own prefix); BullMQ's default when absent. */
  prefix?: string;
  /** The area's bearer authentication (`authenticateWith(...)` of `@kyb/auth`); the role must be ADMIN. */
  authenticate: RequestHandler;
  /** Enables HTTP Basic with the admin's email and password, so a browser can open the page. */
  verifyAdminPassword?: VerifyAdminPassword;
  /** Allow retrying and cleaning jobs (default false: read-only). Pausing, emptying, adding and editing stay refused. */
  allowRetryAndClean?: boolean;
  /** Page title (default `KYB queues`), also the realm of the authentication challenge. */
  title?: string;
  /** Where queue connection errors go. */
  logger?: { warn(obj: object, msg: string): void };
}

/** The dashboard router, and `close()` for the queue handles it opened (call it at shutdown). */
export type QueueDashboard = Router & { close(): Promise<void> };

/** The job actions {@link QueueDashboardOptions.allowRetryAndClean} permits: retry or clean one job, or all of a status. */
const RETRY_OR_CLEAN = [
  /^\/api\/queues\/[^/]+\/(retry|clean)\/[^/]+$/,
  /^\/api\/queues\/[^/]+\/[^/]+\/(retry|clean)$/,
];

/**
 * A bull-board dashboard of `options.queues` for platform admins: the page, its static assets
 * and its JSON API (`api/queues` lists the queues with their job counts) all sit behind
 * {@link requireAdmin}. Read-only unless `allowRetryAndClean`; any other change is refused with
 * 405 before it reaches bull-board. Its responses carry a CSP that allows what the page loads
 * from this origin and nothing else.
 *
 * Mount it at `basePath` before the app's 404 handler, e.g.
 * `areaRouter.use('/admin/queues', createQueueDashboard({ basePath: '/auth/api/v1/admin/queues', ... }))`.
 */
export function createQueueDashboard(options: QueueDashboardOptions): QueueDashboard {
  const title = options.title ?? 'KYB queues';
  const writable = options.allowRetryAndClean === true;
  const queues = options.queues.map((definition) => {
    const queue = new Queue(definition.name, { connection: options.connection, prefix: options.prefix });
    // Without a listener a connection error would crash the process; requests fail on their own.
    queue.on('error', (err) => options.logger?.warn({ queue: definition.name, err }, 'queue dashboard connection error'));
    return queue;
  });

  const server = new DashboardServerAdapter();
  server.setBasePath(options.basePath.replace(/\/+$/, '') || '/');
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: !writable, allowRetries: writable })),
    // @bull-board/express 9.10.1 declares the types of its own copy of @bull-board/api (9.10.1);
    // at run time it only stores what this api (9.10.2) hands it, so the two fit.
    serverAdapter: server as unknown as IServerAdapter,
    options: { uiConfig: { boardTitle: title, hideDocsLink: true } },
  });

  const router = Router();
  router.use(requireAdmin({ authenticate: options.authenticate, verifyAdminPassword: options.verifyAdminPassword, realm: title }));
  router.use(refuseChanges(writable));
  router.use((_req, res, next) => {
    setCsp(res, dashboardDirectives());
    next();
  });
  router.use(server.middleware());

  return Object.assign(router, {
    async close() {
      await Promise.allSettled(queues.map((queue) => queue.close()));
    },
  });
}

/** Lets reads through; of the changes, only retry and clean, and only when `writable`. */
function refuseChanges(writable: boolean): RequestHandler {
  return (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    if (writable && req.method === 'PUT' && RETRY_OR_CLEAN.some((route) => route.test(req.path))) return next();
    throw new MethodNotAllowedError(['GET', 'HEAD']);
  };
}
