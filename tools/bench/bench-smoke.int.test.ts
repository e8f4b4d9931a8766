import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The benchmark's smoke run (`--smoke`): every step of `npm run bench` with a fraction of the load,
 * so the instrument cannot rot. It judges nothing about speed (that is the full run's table); it
 * checks the run completes, measures every row with no failed request, and leaves BENCHMARKS.md alone.
 */
const ROOT = join(__dirname, '../..');
const BENCH = join(ROOT, 'dist/bench/run.js');

const EXPECTED_ROWS = [
  'ceiling: bare node:http',
  'ceiling: Express 5',
  'ceiling: Express + helmet + ES256 token + 1 select',
  'E9 get business',
  'E9 with fetch_owner_details=true',
  'E1 public records',
  'E11 BJL facts',
  'E10 score',
  'E6 report',
  'E2 users page (10, sorted)',
  'business list page (10, sorted)',
  'E12 add one business, sequential (p50)',
  'bulk 20 rows (JSON), answer (its last byte)',
  'bulk 20 rows, until the last has public records and a score',
  'added business -> public records (p50)',
  'added business -> score SUCCESS (p50)',
  'E7 -> report COMPLETED (p50)',
  'invite -> mail delivered (p50)',
  'E9 p99 moved by 4 sign-ins/s',
  'event-loop delay p99 in the sign-in turns (worst turn)',
  'E9 p99 moved by argon2 alone, 4/s apart',
  "argon2 at 4/s: cores needed / cores spare under E9's load",
  'event-loop CPU per sign-in (argon2 apart)',
  'watchlist screening: one business with five owners against a synthetic ~20,000-entry SDN+Consolidated-sized list with aliases (p50)',
  'watchlist rescreen: 30 monitored businesses seeded through the bulk API (enriched, scored, screened)',
  'watchlist rescreen: a first version of both lists (2,000 entries, all new), 30 monitored businesses, upload to last screening',
  'watchlist rescreen: an SDN update (20 added, 9 changed, 10 removed), 30 monitored businesses, upload to last screening',
  'at scale: 170 businesses seeded by npm run seed:scale',
  'at scale: E9 get business',
  'at scale: E9 with fetch_owner_details=true',
  'at scale: E1 public records',
  'at scale: E11 BJL facts',
  'at scale: E10 score',
  'at scale: E6 report',
  'at scale: business list, first page',
  'at scale: business list, first page sorted by name asc',
  'at scale: business list, first page sorted by external_id asc',
  'at scale: business list, first page sorted by status asc',
  'at scale: business list, first page sorted by created_at desc',
  'at scale: business list, first page sorted by updated_at desc',
  'at scale: business list, the page in the middle (sorted by name)',
  'at scale: business list, filter[status]=VERIFIED',
  'at scale: business list, filter[is_monitoring_enabled]=true',
  'at scale: business list, filter[external_id] (one business)',
  'at scale: business list, search[name]=Roasters (one name in 25)',
  'suite memory: RSS before -> after',
  'suite memory: heap used before -> after',
  'worker throughput, 1 worker process + 1 api',
  'worker throughput, 2 worker processes + 1 api',
];

function runSmoke(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BENCH, '--smoke'], {
      cwd: ROOT,
      env: { ...process.env, BENCH_POSTGRES_URL: process.env.KYB_TEST_POSTGRES_URL, BENCH_REDIS_URL: process.env.KYB_TEST_REDIS_URL },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** The table's rows by their first cell. */
function tableRows(output: string): Map<string, string[]> {
  const rows = output
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---') && !line.startsWith('| measured') && !line.startsWith('| function'))
    .map((line) => line.slice(2, -2).split(' | '));
  return new Map(rows.map((cells) => [cells[0], cells]));
}

describe('npm run bench -- --smoke', () => {
  it('measures every row of the table with no failed request and writes no BENCHMARKS.md', async () => {
    const benchmarks = join(ROOT, 'BENCHMARKS.md');
    const before = existsSync(benchmarks) ? statSync(benchmarks).mtimeMs : undefined;
    const { code, output } = await runSmoke();
    expect({ code, tail: code === 0 ? '' : output.slice(-3000) }).toEqual({ code: 0, tail: '' });
    const rows = tableRows(output);
    expect([...rows.keys()].filter((name) => !name.startsWith('verify') && !name.startsWith('jsonwebtoken') && !name.startsWith('GET ') && !name.startsWith('computeScore') && !name.startsWith('render'))).toEqual(EXPECTED_ROWS);
    for (const name of EXPECTED_ROWS.slice(0, 11)) {
      const [, requestsPerSecond, , , errors] = rows.get(name) ?? [];
      expect({ name, errors }).toEqual({ name, errors: '0' });
      expect(Number(requestsPerSecond)).toBeGreaterThan(0);
    }
    for (const name of EXPECTED_ROWS.slice(11)) expect(rows.get(name)?.[5]).toMatch(/^-?\d+(\.\d+)? /);
    // The floor's process hashed beside E9's load, not idly.
    expect(rows.get('E9 p99 moved by argon2 alone, 4/s apart')?.[5]).toMatch(/; [1-9]\d* of [1-9]\d* hashes asked /);
    // Its hashes took CPU, measured, and the quiet turns left cores idle, measured in every turn (a warm-up and the counted ones).
    expect(rows.get("argon2 at 4/s: cores needed / cores spare under E9's load")?.[5]).toMatch(
      /\(0\.\d*[1-9]\d* cores needed \(\d+\.\d ms of CPU a hash\), \d+\.\d\d spare in the quiet turns \(\d+\.\d\d(, \d+\.\d\d)+, warm-up first\)/,
    );
    // Each read at scale answered every request at both sizes.
    for (const name of EXPECTED_ROWS.filter((row) => row.startsWith('at scale: ') && !row.includes('seeded'))) expect({ name, figure: rows.get(name)?.[5] }).toEqual({ name, figure: expect.stringMatching(/; errors 0 \/ 0\)$/) });
    expect(output).toMatch(/bench: \d+ goals met, \d+ not met/);
    expect(existsSync(benchmarks) ? statSync(benchmarks).mtimeMs : undefined).toBe(before);
  }, 300_000);
});
