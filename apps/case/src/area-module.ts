import { trustAuthArea } from '@kyb/auth';
import { startArea, type AreaModule } from '@kyb/http';
import { mailQueue, onboardingRunQueue } from '@kyb/queues';
import { createCaseArea } from './area';
import { caseSettings, loadCaseConfig } from './config';
import { assertMailDelivery, createMailTransport } from '@kyb/mail';
import { caseMigrations } from './migrations';

/** The case area as the suite and its own main start it. */
export const areaModule: AreaModule = {
  name: 'case',
  migrations: caseMigrations,
  settings: caseSettings,
  // The recovery sweep's queue is left out: it has no WORKER_CONCURRENCY_<QUEUE>, its one worker runs one sweep at a time.
  queues: [onboardingRunQueue, mailQueue],
  async start(runtime) {
    const { db, redis, queuePrefix, logger, env, publicUrl, workers } = runtime;
    const config = loadCaseConfig({
      ...env,
      AUTH_JWKS_URL: env.AUTH_JWKS_URL || `${publicUrl}/auth/api/v1/.well-known/jwks.json`,
      PUBLIC_APP_URL: env.PUBLIC_APP_URL || publicUrl,
    });
    // Invitation mail carries the link an applicant signs up with: in production it never goes to a log.
    if (workers) assertMailDelivery(config, 'the case worker delivers invitation mail, whose links are credentials');
    const area = createCaseArea({
      db,
      redis,
      redisPrefix: queuePrefix,
      workerConcurrency: workers?.concurrency,
      dataEncryptionKey: config.DATA_ENCRYPTION_KEY,
      previousDataEncryptionKeys: config.DATA_ENCRYPTION_KEY_PREVIOUS,
      publicAppUrl: config.PUBLIC_APP_URL,
      invitationTtlSeconds: config.INVITATION_TTL_SECONDS,
      mailTransport: createMailTransport({ smtpUrl: config.SMTP_URL || undefined, from: config.MAIL_FROM, logger }),
      logger,
      tokens: trustAuthArea(config, runtime),
      decisions: { everyMs: config.CASE_DECISION_EVERY_MS, recheckMs: config.CASE_DECISION_RECHECK_MS },
      recovery: { sweepEveryMs: config.RECOVERY_SWEEP_EVERY_MS, stuckAfterMs: config.RECOVERY_STUCK_AFTER_MS },
    });
    return startArea('case', area, runtime);
  },
};
