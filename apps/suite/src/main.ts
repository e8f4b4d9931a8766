/* The whole suite in one process: every area at its gateway prefix, with its workers. `npm start`. */
import { join } from 'node:path';
import { text } from '@kyb/config';
import { requestedRole, runMain, type AreaModule } from '@kyb/http';
import { loadLocalSecrets } from './local-secrets';

/** The areas, in start order; each is its app's built `area-module.js` (see docs/adr/0001). */
const AREAS = ['auth', 'case', 'integration', 'score', 'report'];

function loadArea(name: string): AreaModule {
  return (require(join(__dirname, '..', name, 'area-module.js')) as { areaModule: AreaModule }).areaModule;
}

function localSecrets() {
  const directory = process.env.SUITE_STATE_DIR || join(process.cwd(), '.suite');
  try {
    return loadLocalSecrets(directory);
  } catch (err) {
    process.stderr.write(`suite: cannot start: cannot keep local secrets in ${directory} (${(err as Error).message}): set SUITE_STATE_DIR\n`);
    process.exit(1);
  }
}

/**
 * For local use (role all) generated secrets fill what is unset and a demo tenant is seeded. The
 * other roles are how the suite runs in production: they take the environment as it is.
 */
function localEnvironment(): NodeJS.ProcessEnv {
  if (process.argv.includes('--print-settings') || requestedRole() !== 'all') return process.env;
  const local = localSecrets();
  return {
    ...process.env,
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY || local.dataEncryptionKey,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || local.adminPassword,
    DEMO_PASSWORD: process.env.DEMO_PASSWORD || local.demoPassword,
    PRINT_ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ? 'false' : 'true',
  };
}

runMain(AREAS.map(loadArea), {
  service: 'suite',
  defaultPort: 8080,
  settings: { SUITE_STATE_DIR: text({ description: 'where npm start keeps generated local secrets', fallback: '.suite' }) },
  env: localEnvironment(),
  onReady: (banner, role) => {
    if (role === 'migrate') return;
    process.stdout.write(['', `KYB suite ready${role === 'all' ? '' : ` (role ${role})`}.`, ...banner, '', 'Press Ctrl-C to stop.'].join('\n') + '\n');
  },
});
