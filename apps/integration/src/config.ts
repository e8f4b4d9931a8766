import { integer, key32, loadConfig, processSettings, recoverySettings, verifierSettings, previousMasterKeysSetting } from '@kyb/config';
import { providerConfigSettings } from './provider-settings/provider-config';
import { webhookConfigSettings } from './webhooks/webhook-config';

/** Settings of the integration area. */
export const integrationSettings = {
  ...processSettings,
  ...verifierSettings,
  ...recoverySettings,
  DATA_ENCRYPTION_KEY: key32({ description: "32-byte key (64 hex characters or base64) that encrypts screening credentials at rest and opens the case area's sealed TINs" }),
  DATA_ENCRYPTION_KEY_PREVIOUS: previousMasterKeysSetting,
  MONITORING_TICK_MINUTES: integer({
    description: 'how often (minutes) monitored businesses whose slot has come are queued for re-enrichment; slots end this long before their period; 0: no schedule',
    fallback: 15,
    min: 0,
    max: 60,
  }),
  SCREENING_SANDBOX_DELAY_MS: integer({ description: 'how long the sandbox screening takes (ms)', fallback: 3000, min: 0, max: 600000 }),
  ...webhookConfigSettings,
  ...providerConfigSettings,
};

/** The validated configuration of the integration area. */
export type IntegrationConfig = ReturnType<typeof loadIntegrationConfig>;

/** Reads and validates the integration area's settings from `env`. */
export function loadIntegrationConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(integrationSettings, env);
}
