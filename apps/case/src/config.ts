import { flag, integer, key32, loadConfig, processSettings, text, url, verifierSettings } from '@kyb/config';

/** Settings of the case area. */
export const caseSettings = {
  ...processSettings,
  ...verifierSettings,
  DATA_ENCRYPTION_KEY: key32({ description: '32-byte key (64 hex characters or base64) that encrypts TIN and SSN at rest' }),
  PUBLIC_APP_URL: url({ description: 'base of invitation URLs', protocols: ['http:', 'https:'], fallback: 'http://localhost:8080' }),
  INVITATION_TTL_SECONDS: integer({ description: 'how long an invitation can be used', fallback: 7 * 24 * 3600, min: 60 }),
  SMTP_URL: text({
    description: 'SMTP server for invitation mail (smtp:// or smtps://); unset: mail is written to the log, which production refuses',
    fallback: '',
  }),
  MAIL_TO_LOG: flag({
    description: 'with NODE_ENV=production and no SMTP_URL, write invitation mail (its link is a credential) to the log anyway',
    fallback: false,
  }),
  NODE_ENV: text({ description: 'production: the case worker refuses to start without SMTP_URL', fallback: '' }),
  MAIL_FROM: text({ description: 'sender of invitation mail', fallback: 'KYB Onboarding <no-reply@localhost>' }),
};

/** The validated configuration of the case area. */
export type CaseConfig = ReturnType<typeof loadCaseConfig>;

/** Reads and validates the case area's settings from `env`. */
export function loadCaseConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(caseSettings, env);
}
