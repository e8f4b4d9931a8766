import { ConfigError, loadConfig } from '@kyb/config';
import { webhookConfigSettings, webhookSettingsOf } from './webhook-config';

const settingsFrom = (env: NodeJS.ProcessEnv) => webhookSettingsOf(loadConfig(webhookConfigSettings, env));

/** The one line a refused start prints after "<service>: cannot start: " (run-main prints each problem). */
function startRefusal(env: NodeJS.ProcessEnv): string[] {
  try {
    settingsFrom(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('the settings were accepted');
}

describe('webhook settings', () => {
  it('by default refuse private addresses and keep the suite\'s default ports refused', () => {
    expect(settingsFrom({})).toMatchObject({ allowPrivateUrls: false, suitePorts: [5432, 6379, 8080, 8081, 8082, 8083, 8084, 8085, 9464] });
  });

  it('add the process\'s own PORT and METRICS_PORT to the suite\'s ports', () => {
    expect(settingsFrom({ PORT: '3100', METRICS_PORT: '9500' }).suitePorts).toEqual([5432, 6379, 8080, 8081, 8082, 8083, 8084, 8085, 9464, 3100, 9500]);
  });

  it('read WEBHOOK_SUITE_PORTS as ports and ranges', () => {
    expect(settingsFrom({ WEBHOOK_SUITE_PORTS: '8080-8082, 9464' }).suitePorts).toEqual([8080, 8081, 8082, 9464]);
    expect(startRefusal({ WEBHOOK_SUITE_PORTS: '8080-70000' })).toEqual([
      'WEBHOOK_SUITE_PORTS must be ports (1-65535) or ranges of them (8080-8085), comma-separated, got "8080-70000"',
    ]);
  });

  it('allow private urls outside production', () => {
    expect(settingsFrom({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', NODE_ENV: 'development' }).allowPrivateUrls).toBe(true);
    expect(settingsFrom({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }).allowPrivateUrls).toBe(true);
  });

  it('with NODE_ENV=production refuse WEBHOOKS_ALLOW_PRIVATE_URLS in one line, unless WEBHOOKS_ALLOW_PRIVATE_URLS_IN_PRODUCTION acknowledges it', () => {
    expect(startRefusal({ NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' })).toEqual([
      'WEBHOOKS_ALLOW_PRIVATE_URLS=true is refused with NODE_ENV=production: tenants could make the suite post to its own network (set WEBHOOKS_ALLOW_PRIVATE_URLS_IN_PRODUCTION=true to run with it anyway)',
    ]);
    expect(settingsFrom({ NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_ALLOW_PRIVATE_URLS_IN_PRODUCTION: 'true' }).allowPrivateUrls).toBe(true);
    expect(settingsFrom({ NODE_ENV: 'production' }).allowPrivateUrls).toBe(false);
    expect(settingsFrom({ NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE_URLS: 'false', WEBHOOKS_ALLOW_PRIVATE_URLS_IN_PRODUCTION: 'true' }).allowPrivateUrls).toBe(false);
  });
});
