/*
 * `npm run seed:scale -- --businesses <n> [--database-url <url>] [--customer <id> | --customer-name <name>]
 * [--templates <n>] [--batch <n>] [--jobs <n>]`; the database also from DATABASE_URL, the master key from
 * DATA_ENCRYPTION_KEY (else `npm start`'s generated one in SUITE_STATE_DIR, .suite by default).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { key32, loadConfig, previousMasterKeysSetting } from '@kyb/config';
import type { SeedOptions } from './seed-scale';

/** `npm start`'s database. */
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/onboarding';

export const USAGE =
  'usage: npm run seed:scale -- --businesses <n> [--database-url <url>] [--customer <id> | --customer-name <name>] [--templates <n, default 1000>] [--batch <n, default 5000>] [--jobs <n, default 2>]';

const FLAGS = ['--businesses', '--database-url', '--customer', '--customer-name', '--templates', '--batch', '--jobs'] as const;
type Flag = (typeof FLAGS)[number];

function flagValues(argv: readonly string[]): Partial<Record<Flag, string>> {
  const values: Partial<Record<Flag, string>> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2) as [string, string | undefined];
    if (!(FLAGS as readonly string[]).includes(flag)) throw new Error(`unknown argument ${argv[i]}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new Error(`${flag} needs a value\n${USAGE}`);
    values[flag as Flag] = value;
  }
  return values;
}

function count(flag: string, value: string | undefined, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) throw new Error(`${flag} is required\n${USAGE}`);
    return fallback;
  }
  if (!/^[1-9]\d*$/.test(value.replace(/_/g, ''))) throw new Error(`${flag} ${value}: a whole number, at least 1`);
  return Number(value.replace(/_/g, ''));
}

/** The master key as the suite has it: DATA_ENCRYPTION_KEY, else the one `npm start` generated and keeps. */
function masterKeys(env: NodeJS.ProcessEnv): Pick<SeedOptions, 'masterKey' | 'previousMasterKeys'> {
  let key = env.DATA_ENCRYPTION_KEY;
  if (!key) {
    const file = join(env.SUITE_STATE_DIR || '.suite', 'local-secrets.json');
    try {
      key = (JSON.parse(readFileSync(file, 'utf8')) as { dataEncryptionKey?: string }).dataEncryptionKey;
    } catch {
      key = undefined;
    }
    if (!key) throw new Error(`DATA_ENCRYPTION_KEY is not set and ${file} has none: set the suite's DATA_ENCRYPTION_KEY (the seed seals TINs and SSNs with the tenant's data key)`);
  }
  const config = loadConfig(
    { DATA_ENCRYPTION_KEY: key32({ description: "the suite's master key" }), DATA_ENCRYPTION_KEY_PREVIOUS: previousMasterKeysSetting },
    { DATA_ENCRYPTION_KEY: key, DATA_ENCRYPTION_KEY_PREVIOUS: env.DATA_ENCRYPTION_KEY_PREVIOUS },
  );
  return { masterKey: config.DATA_ENCRYPTION_KEY, previousMasterKeys: config.DATA_ENCRYPTION_KEY_PREVIOUS };
}

/** The seed the command line and environment ask for. Throws, with the usage, on what it cannot read. */
export function seedOptions(argv: readonly string[], env: NodeJS.ProcessEnv): SeedOptions {
  const values = flagValues(argv);
  if (values['--customer'] && values['--customer-name']) throw new Error(`--customer and --customer-name: one or the other\n${USAGE}`);
  return {
    databaseUrl: values['--database-url'] ?? (env.DATABASE_URL || DEFAULT_DATABASE_URL),
    businesses: count('--businesses', values['--businesses']),
    ...(values['--customer'] ? { customerId: values['--customer'] } : {}),
    ...(values['--customer-name'] ? { customerName: values['--customer-name'] } : {}),
    templates: count('--templates', values['--templates'], 1000),
    batch: count('--batch', values['--batch'], 5000),
    // Two at once keep this 2-core machine's PostgreSQL busy while the seed seals the next batch.
    jobs: count('--jobs', values['--jobs'], 2),
    ...masterKeys(env),
  };
}
