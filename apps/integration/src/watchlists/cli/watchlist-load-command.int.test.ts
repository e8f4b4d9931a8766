import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { migrateLatest } from '@kyb/db';
import { createTestDatabase, databaseUrlOf, type TestDatabase } from '@kyb/testing';
import { integrationMigrations } from '../../migrations';
import { fixture } from '../ofac/ofac-fixtures';

const COMMAND = join(__dirname, '../../../../../dist/apps/integration/watchlist-load.js');
const FIXTURES = join(__dirname, '../ofac/fixtures');
const run = promisify(execFile);

/* `npm run watchlist:load` as an operator runs it (the built script), on files and on URLs. */
describe('npm run watchlist:load', () => {
  let database: TestDatabase;
  let env: NodeJS.ProcessEnv;
  let files: Server;
  let filesUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateLatest(database.db, integrationMigrations);
    env = { ...process.env, DATABASE_URL: await databaseUrlOf(database.db) };
    // OFAC's files at URLs, as its list service publishes them (upper-case names).
    files = createServer((req, res) => {
      if (req.url === '/exports/CONS_PRIM.CSV') res.end(fixture('cons_prim.csv'));
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => files.close(r));
    await database.destroy();
  });

  const load = (...args: string[]) => run(process.execPath, [COMMAND, ...args], { env });
  const failure = (...args: string[]) =>
    load(...args).then(
      () => {
        throw new Error(`watchlist:load ${args.join(' ')} succeeded`);
      },
      (err: { code: number; stderr: string; stdout: string }) => err,
    );

  it('loads the files given as paths, makes the version current, and changes nothing when given them again', async () => {
    const paths = ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'].map((name) => join(FIXTURES, name));
    const { stdout } = await load('--list', 'ofac-sdn', ...paths);
    const current = await database.db('integration.watchlist_versions').where({ list: 'ofac-sdn', is_current: true }).first();
    expect(current).toMatchObject({ status: 'READY', loaded_by: null });
    expect(stdout).toContain(`watchlist:load: version ${current.id} of ofac-sdn is current: ${current.entry_count} entries, checksum ${current.checksum}`);
    expect((await load('--list', 'ofac-sdn', ...paths.reverse())).stdout).toContain(`these files were loaded before as version ${current.id} (READY, current): nothing changed`);
    expect(await database.db('integration.watchlist_versions').where({ list: 'ofac-sdn' })).toHaveLength(1);
  });

  it('downloads the files given as URLs', async () => {
    await load('--list', 'ofac-consolidated', `${filesUrl}/exports/CONS_PRIM.CSV`);
    expect(await database.db('integration.watchlist_versions').where({ list: 'ofac-consolidated', is_current: true }).first()).toMatchObject({ files: [{ name: 'cons_prim.csv', bytes: fixture('cons_prim.csv').length }] });
  });

  it('exits 1 with one line saying what is wrong: usage, a missing file, a URL that answers 404, files of another list', async () => {
    const usage = await failure('sdn.csv');
    expect([usage.code, usage.stderr.split('\n')[0]]).toEqual([1, 'watchlist:load: failed: --list is required']);
    expect(usage.stderr).toContain('usage: npm run watchlist:load -- --list <ofac-sdn|ofac-consolidated>');
    expect((await failure('--list', 'ofac-sdn', '/nowhere/sdn.csv')).stderr).toBe('watchlist:load: failed: /nowhere/sdn.csv could not be read (ENOENT)\n');
    expect((await failure('--list', 'ofac-sdn', `${filesUrl}/exports/SDN.CSV`)).stderr).toBe(`watchlist:load: failed: ${filesUrl}/exports/SDN.CSV answered 404 Not Found\n`);
    expect((await failure('--list', 'ofac-consolidated', join(FIXTURES, 'sdn.csv'))).stderr).toMatch(/^watchlist:load: failed: sdn\.csv is not a file of ofac-consolidated/);
  });
});
