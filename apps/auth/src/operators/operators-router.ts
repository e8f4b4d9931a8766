import { Router } from 'express';
import { authenticate } from '@kyb/auth';
import type { Logger } from '@kyb/http';
import { createQueueDashboard, type QueueDashboard } from '@kyb/ops-ui';
import { allQueues, type Redis } from '@kyb/queues';
import type { AuthArea } from '../area';

/**
 * The auth area's router with the operators' queue dashboard (every queue of the suite, platform
 * admins only) at `/admin/queues`. Its Basic sign-in checks the admin's password under the limits
 * of `/admin/sign-in`, with the request's client address: one guess budget per address for both.
 */
export function withQueueDashboard(area: AuthArea, options: { redis: Redis; queuePrefix: string; logger: Logger }): { router: Router; dashboard: QueueDashboard } {
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
