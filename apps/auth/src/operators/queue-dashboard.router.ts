import { Router } from 'express';
import { authenticate, type TokenVerifier } from '@kyb/auth';
import type { Logger } from '@kyb/http';
import { createQueueDashboard, type QueueDashboard, type VerifyAdminPassword } from '@kyb/ops-ui';
import { allQueues, type Redis } from '@kyb/queues';

/** What of the auth area the dashboard needs: its prefix, token verifier, admin password check and router. */
export interface DashboardHost {
  prefix: string;
  verifier: TokenVerifier;
  verifyAdminPassword: VerifyAdminPassword;
  router: Router;
}

/**
 * The auth area's router with the operators' queue dashboard (every queue of the suite, platform
 * admins only) at `/admin/queues`. Its Basic sign-in checks the admin's password under the limits
 * of `/admin/sign-in`, with the request's client address: one guess budget per address for both.
 */
export function withQueueDashboard(area: DashboardHost, options: { redis: Redis; queuePrefix: string; logger: Logger }): { router: Router; dashboard: QueueDashboard } {
  const dashboard = createQueueDashboard({
    basePath: `${area.prefix}/admin/queues`,
    queues: allQueues,
    connection: options.redis,
    prefix: options.queuePrefix,
    authenticate: authenticate(area.verifier),
    verifyAdminPassword: area.verifyAdminPassword,
    logger: options.logger,
  });
  const router = Router();
  router.use('/admin/queues', dashboard);
  router.use(area.router);
  return { router, dashboard };
}
