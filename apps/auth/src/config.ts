import { integer, key32, loadConfig, processSettings, text, url, previousMasterKeysSetting } from '@kyb/config';
import { mailSettings } from '@kyb/mail';

/** Settings of the auth area, shared by its standalone process and the suite. */
export const authSettings = {
  ...processSettings,
  TOKEN_TTL_SECONDS: integer({ description: 'lifetime of id and access tokens, in seconds', fallback: 3600, min: 60, max: 86400 }),
  REFRESH_TOKEN_TTL_SECONDS: integer({
    description: 'lifetime of refresh tokens, in seconds',
    fallback: 30 * 24 * 3600,
    min: 300,
    max: 365 * 24 * 3600,
  }),
  TOKEN_ISSUER: text({ description: 'the iss claim of issued tokens', fallback: 'kyb-suite-auth' }),
  TOKEN_AUDIENCE: text({ description: 'the aud claim of issued tokens; every area accepts only this audience', fallback: 'kyb-suite' }),
  DATA_ENCRYPTION_KEY: key32({ description: '32-byte key (64 hex characters or base64) that encrypts secrets at rest' }),
  DATA_ENCRYPTION_KEY_PREVIOUS: previousMasterKeysSetting,
  PUBLIC_APP_URL: url({ description: 'base of invitation and set-up URLs', protocols: ['http:', 'https:'], fallback: 'http://localhost:8080' }),
  SIGN_IN_ATTEMPTS_PER_EMAIL: integer({ description: 'sign-in attempts allowed per email from one client address per window', fallback: 10, min: 1 }),
  SIGN_IN_SLOWDOWN_AFTER_PER_EMAIL: integer({
    description: 'sign-in attempts for one email from all addresses per window before each further one is slowed down (never refused)',
    fallback: 50,
    min: 1,
  }),
  SIGN_IN_ATTEMPTS_PER_ADDRESS: integer({ description: 'sign-in attempts allowed per client address per window', fallback: 100, min: 1 }),
  SIGN_IN_WINDOW_SECONDS: integer({ description: 'length of the sign-in rate-limit window', fallback: 900, min: 1 }),
  SETUP_LINK_TTL_SECONDS: integer({ description: 'lifetime of a user set-up invitation link', fallback: 7 * 24 * 3600, min: 60 }),
  // An applicant's sign-up code (docs/adr/0010), mailed through SMTP_URL like invitations.
  ...mailSettings,
  EMAIL_CODE_TTL_SECONDS: integer({ description: "lifetime of the code mailed to prove an applicant's email", fallback: 900, min: 60, max: 3600 }),
  EMAIL_CODE_ATTEMPTS: integer({ description: 'guesses one emailed code allows (the right one included) before it is dead', fallback: 5, min: 1, max: 10 }),
  EMAIL_CODE_SENDS: integer({ description: 'codes one email and invitation may be sent per EMAIL_CODE_SEND_WINDOW_SECONDS', fallback: 5, min: 1, max: 20 }),
  EMAIL_CODE_SEND_WINDOW_SECONDS: integer({ description: 'the window EMAIL_CODE_SENDS counts in', fallback: 3600, min: 60 }),
  ADMIN_EMAIL: text({ description: 'email of the platform admin bootstrapped at start-up', fallback: 'admin@example.com' }),
  ADMIN_PASSWORD: text({ description: 'password of the bootstrapped admin (generated when unset)', fallback: '' }),
};

/** The validated configuration of the auth area. */
export type AuthConfig = ReturnType<typeof loadAuthConfig>;

/** Reads and validates the auth area's settings from `env`. */
export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(authSettings, env);
}
