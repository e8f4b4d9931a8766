import { integer, key32, loadConfig, processSettings, url, recoverySettings, verifierSettings, previousMasterKeysSetting } from '@kyb/config';

/** Settings of the report area. */
export const reportSettings = {
  ...processSettings,
  ...verifierSettings,
  ...recoverySettings,
  DATA_ENCRYPTION_KEY: key32({ description: '32-byte key (64 hex characters or base64); the key that signs download URLs is derived from it' }),
  DATA_ENCRYPTION_KEY_PREVIOUS: previousMasterKeysSetting,
  PUBLIC_APP_URL: url({ description: 'base of report download URLs', protocols: ['http:', 'https:'], fallback: 'http://localhost:8080' }),
  REPORT_URL_TTL_SECONDS: integer({ description: 'how long a signed report download URL works', fallback: 300, min: 10, max: 86400 }),
};

/** The validated configuration of the report area. */
export type ReportConfig = ReturnType<typeof loadReportConfig>;

/** Reads and validates the report area's settings from `env`. */
export function loadReportConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(reportSettings, env);
}
