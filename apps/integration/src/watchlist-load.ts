/*
 * `npm run watchlist:load -- --list ofac-sdn <files or URLs>` (dist/apps/integration/watchlist-load.js):
 * loads a version of a sanctions list from OFAC's official files on this machine or at their
 * URLs, as the admin route's job does, and makes it current. The same files again change nothing.
 * Exits 0 with the version's line, or 1 with one line saying what is wrong (a malformed file: its
 * name, line and reason; the current version stays).
 */
import { loadConfig, processSettings } from '@kyb/config';
import { createDatabase, ensurePostgresReachable, ensureSchemaCurrent } from '@kyb/db';
import { integrationMigrations } from './migrations';
import { checksumOfFiles } from './watchlists/ofac/ofac-checksum';
import { OFAC_READERS } from './watchlists/ofac/ofac-readers';
import { readWatchlistSources } from './watchlists/cli/read-watchlist-sources';
import { parseWatchlistLoadArgs, WatchlistLoadArgsError, WATCHLIST_LOAD_USAGE } from './watchlists/cli/watchlist-load-args';
import { createWatchlistLoader } from './watchlists/versions/load-watchlist-version';
import { createPgWatchlistVersionsStore } from './watchlists/versions/watchlist-versions.store';

const say = (line: string) => process.stdout.write(`watchlist:load: ${line}\n`);

async function main(): Promise<void> {
  const args = parseWatchlistLoadArgs(process.argv.slice(2));
  const config = loadConfig({ DATABASE_URL: processSettings.DATABASE_URL });
  const files = await readWatchlistSources(args.sources);
  await ensurePostgresReachable(config.DATABASE_URL);
  const db = createDatabase({ url: config.DATABASE_URL, applicationName: 'kyb-watchlist-load', pool: { max: 2 } });
  try {
    await ensureSchemaCurrent(db, 'integration', integrationMigrations);
    const store = createPgWatchlistVersionsStore(db);
    const loader = createWatchlistLoader({ store, readers: OFAC_READERS, checksum: checksumOfFiles, clock: () => new Date() });
    say(`reading ${files.length} file(s) of ${args.list}: ${files.map((f) => `${f.name} (${f.content.length} bytes)`).join(', ')}`);
    const { version, loaded } = await loader.load(args.list, files, null);
    const published = version.published_at ? `, published ${version.published_at.toISOString().slice(0, 10)}` : '';
    if (!loaded) say(`these files were loaded before as version ${version.id} (${version.status}${version.is_current ? ', current' : ''}): nothing changed`);
    else if (version.status === 'READY') say(`version ${version.id} of ${args.list} is current: ${version.entry_count} entries${published}, checksum ${version.checksum}`);
    else {
      say(`not loaded: ${version.failure_reason}`);
      process.exitCode = 1;
    }
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`watchlist:load: failed: ${message}\n${err instanceof WatchlistLoadArgsError ? `${WATCHLIST_LOAD_USAGE}\n` : ''}`);
  process.exit(1);
});
