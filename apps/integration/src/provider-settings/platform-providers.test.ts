import { ConfigError, loadConfig } from '@kyb/config';
import { platformProviderSettings, platformProvidersOf } from './platform-providers';

describe('the platform default adapters (PROVIDER_DEFAULT_*)', () => {
  const of = (env: NodeJS.ProcessEnv) => platformProvidersOf(loadConfig(platformProviderSettings, env));

  it('leaves every capability on its sandbox by default', () => {
    expect(of({})).toEqual({});
  });

  it('names the adapter and the platform credentials of each capability a setting chose', () => {
    expect(of({ PROVIDER_DEFAULT_REGISTRY: 'opencorporates', OPENCORPORATES_API_TOKEN: 'oc-token-1', PROVIDER_DEFAULT_ADDRESS: 'smarty', SMARTY_AUTH_ID: 'id-1', SMARTY_AUTH_TOKEN: 'tok-1' })).toEqual({
      registry: { adapter: 'opencorporates', credentials: { api_token: 'oc-token-1' } },
      address: { adapter: 'smarty', credentials: { auth_id: 'id-1', auth_token: 'tok-1' } },
    });
  });

  it('refuses at start-up a default whose credentials are missing or malformed, naming the settings and never their values', () => {
    const refused = () => of({ PROVIDER_DEFAULT_ADDRESS: 'smarty', SMARTY_AUTH_ID: 'id with spaces', PROVIDER_DEFAULT_TIN: 'compliancely' });
    expect(refused).toThrow(ConfigError);
    expect(refused).toThrow(
      'Invalid configuration:\n  - PROVIDER_DEFAULT_ADDRESS=smarty needs SMARTY_AUTH_ID and SMARTY_AUTH_TOKEN (printable characters, at most 500)\n  - PROVIDER_DEFAULT_TIN=compliancely needs COMPLIANCELY_API_KEY (printable characters, at most 500)',
    );
  });

  it('refuses an adapter the capability does not offer', () => {
    expect(() => of({ PROVIDER_DEFAULT_TIN: 'smarty' })).toThrow('PROVIDER_DEFAULT_TIN must be one of sandbox, compliancely, got "smarty"');
  });
});
