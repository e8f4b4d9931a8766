import { integer, key32, loadConfig, processSettings, url, recoverySettings, verifierSettings, previousMasterKeysSetting } from '@kyb/config';
import { mailSettings } from '@kyb/mail';

/** Settings of the case area. */
export const caseSettings = {
  ...processSettings,
  ...verifierSettings,
  ...recoverySettings,
  DATA_ENCRYPTION_KEY: key32({ description: '32-byte key (64 hex characters or base64) that encrypts TIN and SSN at rest' }),
  DATA_ENCRYPTION_KEY_PREVIOUS: previousMasterKeysSetting,
  PUBLIC_APP_URL: url({ description: 'base of invitation URLs', protocols: ['http:', 'https:'], fallback: 'http://localhost:8080' }),
  INVITATION_TTL_SECONDS: integer({ description: 'how long an invitation can be used', fallback: 7 * 24 * 3600, min: 60 }),
  CASE_DECISION_EVERY_MS: integer({ description: 'how often the case worker evaluates the cases whose facts changed', fallback: 1000, min: 100 }),
  CASE_DECISION_RECHECK_MS: integer({ description: 'how long an undecided case waits before it is evaluated again without an event', fallback: 60_000, min: 1000 }),
  // Invitation mail, whose links are credentials.
  ...mailSettings,
};

/** The validated configuration of the case area. */
export type CaseConfig = ReturnType<typeof loadCaseConfig>;

/** Reads and validates the case area's settings from `env`. */
export function loadCaseConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(caseSettings, env);
}
