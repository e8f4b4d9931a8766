import { text } from '@kyb/config';
import { assertMailDelivery, createMailTransport } from '@kyb/mail';
import { startArea, type AreaModule } from '@kyb/http';
import { createAuthArea } from './area';
import { authSettings, loadAuthConfig } from './config';
import { demoSeedPassword, SEED_DEMO } from './bootstrap/demo-seed-policy';
import { authMigrations } from './migrations';
import { withQueueDashboard } from './operators/queue-dashboard.router';
import { startRevocationRestorer } from './sessions/revocation-restorer';

/** The argon2id parameters sign-ins hash with, public for the bench's hashing floor (`npm run bench`). */
export { ARGON2ID_PARAMETERS } from './passwords/password-hasher';

const DEMO_EMAIL = 'demo.owner@example.com';

/** How long an applicant's sign-up waits for the mail server before answering 503 (docs/adr/0010). */
const MAIL_TIMEOUT_MS = 10_000;

/**
 * The auth area as the suite and its own main start it: signing key, platform admin from
 * ADMIN_EMAIL / ADMIN_PASSWORD, and, when DEMO_PASSWORD is set (by `npm start`), the demo tenant:
 * in production (NODE_ENV=production) only when SEED_DEMO=true asks for it.
 */
export const areaModule: AreaModule = {
  name: 'auth',
  migrations: authMigrations,
  settings: {
    ...authSettings,
    DEMO_PASSWORD: text({ description: 'password of the demo owner seeded for local use (unset: no demo tenant; in production only with SEED_DEMO=true)', fallback: '' }),
    SEED_DEMO,
  },
  queues: [],
  async start(runtime) {
    const { db, redis, queuePrefix, logger, env, publicUrl, revocations } = runtime;
    const config = loadAuthConfig({ ...env, PUBLIC_APP_URL: env.PUBLIC_APP_URL || publicUrl });
    // An applicant's sign-up code proves its email: in production it never goes to a log.
    assertMailDelivery(config, "the auth area mails the codes that prove an applicant's email");
    const mailTransport = createMailTransport({ smtpUrl: config.SMTP_URL || undefined, from: config.MAIL_FROM, logger, timeoutMs: MAIL_TIMEOUT_MS });
    const area = createAuthArea({ db, redis, redisPrefix: queuePrefix, logger, config, mailTransport, revocations });
    await area.start();
    // The areas beside it in this process read its keys here, not from its JWKS over HTTP (docs/adr/0041).
    runtime.tokenKeys.provide(area.keys);
    // Ended sessions survive a Redis that restarts empty: put back from PostgreSQL.
    const restorer = startRevocationRestorer({ db, redis, prefix: queuePrefix, revocations, tokenTtlSeconds: config.TOKEN_TTL_SECONDS, logger, clock: () => new Date() });
    const notes: string[] = [];
    if (config.ADMIN_PASSWORD) {
      await area.bootstrapAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
      // The suite sets PRINT_ADMIN_PASSWORD when it generated the password for local use.
      const shown = env.PRINT_ADMIN_PASSWORD === 'true' ? ` / ${config.ADMIN_PASSWORD}` : '';
      notes.push(`  platform admin  ${config.ADMIN_EMAIL}${shown}`);
    }
    const demoPassword = demoSeedPassword(env);
    if (demoPassword) {
      const demo = await area.seedDemo(DEMO_EMAIL, demoPassword);
      notes.push(
        `  demo owner      ${DEMO_EMAIL} / ${demoPassword}   (customer ${demo.customerId})`,
        '',
        `  curl -s ${publicUrl}${area.prefix}/customer/sign-in -H 'Content-Type: application/json' \\`,
        `    -d '{"email":"${DEMO_EMAIL}","password":"${demoPassword}"}'`,
      );
    }
    // The operators' queue dashboard (every queue of the suite), for platform admins only.
    const { router, dashboard } = withQueueDashboard(area, { redis, queuePrefix, logger });
    notes.unshift(`  queue dashboard ${publicUrl}${area.prefix}/admin/queues/   (platform admin)`);
    return startArea('auth', area, runtime, { router, notes, closes: [{ close: () => restorer.stop() }, dashboard] });
  },
};
