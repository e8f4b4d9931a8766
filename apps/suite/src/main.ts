/* The whole suite in one process: every area at its gateway prefix, with its workers. `npm start`. */
// First: tracing starts before the modules it instruments load (OTEL_* variables; off when unset).
import '@kyb/telemetry/register';
import { join } from 'node:path';
import { text } from '@kyb/config';
import { requestedRole, runMain, type AreaModule } from '@kyb/http';
import { loadLocalSecrets } from './local-secrets';

/** The areas, in start order; each is its app's built `area-module.js` (see docs/adr/0001). */
const AREAS = ['auth', 'case', 'integration', 'score', 'report'];

function loadArea(name: string): AreaModule {
  return (require(join(__dirname, '..', name, 'area-module.js')) as { areaModule: AreaModule }).areaModule;
}

const stateDirectory = () => process.env.SUITE_STATE_DIR || join(process.cwd(), '.suite');

function localSecrets() {
  const directory = stateDirectory();
  try {
    return loadLocalSecrets(directory);
  } catch (err) {
    process.stderr.write(`suite: cannot start: cannot keep local secrets in ${directory} (${(err as Error).message}): set SUITE_STATE_DIR\n`);
    process.exit(1);
  }
}

/**
 * For local use (role all) generated secrets fill what is unset and a demo tenant is seeded. The
 * other roles are how the suite runs in production: they take the environment as it is. Role all
 * with NODE_ENV=production (the image's default command) prints no generated password: the demo
 * tenant only with SEED_DEMO=true (the auth area decides), the admin's kept in SUITE_STATE_DIR.
 */
function localEnvironment(): NodeJS.ProcessEnv {
  if (process.argv.includes('--print-settings') || requestedRole() !== 'all') return process.env;
  const local = localSecrets();
  const production = process.env.NODE_ENV === 'production';
  return {
    ...process.env,
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY || local.dataEncryptionKey,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || local.adminPassword,
    DEMO_PASSWORD: process.env.DEMO_PASSWORD || local.demoPassword,
    PRINT_ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || production ? 'false' : 'true',
  };
}

runMain(AREAS.map(loadArea), {
  service: 'suite',
  defaultPort: 8080,
  settings: { SUITE_STATE_DIR: text({ description: 'where npm start keeps generated local secrets', fallback: '.suite' }) },
  env: localEnvironment(),
  onReady: (banner, role) => {
    if (role === 'migrate') return;
    const hidden = role === 'all' && process.env.NODE_ENV === 'production' && !process.env.ADMIN_PASSWORD;
    const where = hidden ? [`  (NODE_ENV=production: the generated admin password is not printed; it is kept in ${join(stateDirectory(), 'local-secrets.json')})`] : [];
    process.stdout.write(['', `KYB suite ready${role === 'all' ? '' : ` (role ${role})`}.`, ...banner, ...where, '', 'Press Ctrl-C to stop.'].join('\n') + '\n');
  },
});
