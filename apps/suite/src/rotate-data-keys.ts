/*
 * `npm run rotate-data-keys` (dist/apps/suite/rotate-data-keys.js): after DATA_ENCRYPTION_KEY was
 * replaced (the old key in DATA_ENCRYPTION_KEY_PREVIOUS, in this command and in every running
 * process), re-wraps every tenant's data key with the new master and converts the values still
 * sealed with a master itself to data keys. Then DATA_ENCRYPTION_KEY_PREVIOUS can be removed.
 * Safe to run again; exits 0 with one line per step, or 1 with one line saying what is wrong.
 */
import { join } from 'node:path';
import { rotateDataKeys } from '@kyb/area-views';
import { key32, loadConfig, previousMasterKeysSetting, processSettings } from '@kyb/config';
import { createDatabase, ensurePostgresReachable, ensureSchemaCurrent } from '@kyb/db';
import type { AreaModule } from '@kyb/http';
import { createMasterKeyring } from '@kyb/secrets';

const AREAS = ['auth', 'case', 'integration', 'score', 'report'];
const loadArea = (name: string) => (require(join(__dirname, '..', name, 'area-module.js')) as { areaModule: AreaModule }).areaModule;

async function main(): Promise<void> {
  const config = loadConfig({
    DATABASE_URL: processSettings.DATABASE_URL,
    DATA_ENCRYPTION_KEY: key32({ description: 'the master key data keys are wrapped with from now on' }),
    DATA_ENCRYPTION_KEY_PREVIOUS: previousMasterKeysSetting,
  });
  const areas = AREAS.map(loadArea);
  await ensurePostgresReachable(config.DATABASE_URL);
  const db = createDatabase({ url: config.DATABASE_URL, applicationName: 'kyb-rotate-data-keys', pool: { max: 2 } });
  try {
    for (const area of areas) await ensureSchemaCurrent(db, area.name, area.migrations);
    const keyring = createMasterKeyring(config.DATA_ENCRYPTION_KEY, config.DATA_ENCRYPTION_KEY_PREVIOUS);
    const outcome = await rotateDataKeys(
      db,
      keyring,
      areas.map((area) => area.migrations),
    );
    const lines = [`rotate-data-keys: ${outcome.rewrapped} data key(s) re-wrapped with master ${keyring.currentId}`];
    for (const [column, count] of Object.entries(outcome.converted)) if (count > 0) lines.push(`rotate-data-keys: ${column}: ${count} value(s) moved from the master key to data keys`);
    for (const [scope, count] of Object.entries(outcome.erasedTenants)) lines.push(`rotate-data-keys: ${scope} was erased: ${count} value(s) of it sealed with the master key erased too`);
    for (const [column, count] of Object.entries(outcome.unopenable)) lines.push(`rotate-data-keys: ${column}: ${count} value(s) that no configured master key opens, left as they are`);
    if (outcome.left.keys + outcome.left.values > 0) {
      lines.push(
        `rotate-data-keys: not done: ${outcome.left.keys} data key(s) still wrapped by another master, ${outcome.left.values} value(s) still sealed with a master; ` +
          'keep DATA_ENCRYPTION_KEY_PREVIOUS (restart every process with both keys, and add any other master key the values need) and run this again',
      );
      process.stdout.write(`${lines.join('\n')}\n`);
      process.exitCode = 1;
      return;
    }
    lines.push('rotate-data-keys: done; DATA_ENCRYPTION_KEY_PREVIOUS may now be removed from every process');
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`rotate-data-keys: failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
