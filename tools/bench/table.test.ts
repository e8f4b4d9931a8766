import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LATEST_RUN_END, LATEST_RUN_START, assertBenchmarksWritable, renderLatestRun, replaceLatestRun, writeBenchmarks } from './table';

const SETTINGS = { connections: 50, seconds: 8, rounds: 4, burstSeconds: 12, burstRounds: 6 };
const TABLE = '| measured | req/s |\n| --- | --- |\n| E9 get business | 1670 |';
const MICRO = '| function | µs per call | calls |\n| --- | --- | --- |\n| computeScore | 72.6 | 5000 |';

/** A BENCHMARKS.md as written by hand: prose before and around the section a run owns. */
const HAND_WRITTEN_HEAD = [
  '# Benchmarks',
  '',
  'How speed is measured, by hand.',
  '',
  '## The goals',
  '',
  '| row | goal |',
  '| --- | --- |',
  '| E9 get business | >= 80% |',
  '',
  '## The latest full run',
  'Written by `npm run bench`; notes by hand.',
  '',
].join('\n');

function document(section: string, tail = ''): string {
  return `${HAND_WRITTEN_HEAD}${LATEST_RUN_START}\n${section}\n${LATEST_RUN_END}\n${tail}`;
}

describe('replaceLatestRun: a run writes only between the latest-run markers', () => {
  it('replaces what lies between the markers and keeps everything else, the markers included, byte for byte', () => {
    const before = document('The latest full run of `npm run bench`: an old run.\n\n| old | table |', 'A note after the run, by hand.\n');
    const after = replaceLatestRun(before, 'The new run.');
    expect(after).toBe(document('The new run.', 'A note after the run, by hand.\n'));
    expect(after.startsWith(HAND_WRITTEN_HEAD)).toBe(true);
  });

  it('gives the same document when run twice with the same section (no blank lines pile up at the markers)', () => {
    const once = replaceLatestRun(document('old'), '\nThe new run.\n\n');
    expect(replaceLatestRun(once, 'The new run.')).toBe(once);
    expect(once).toBe(document('The new run.'));
  });

  it.each([
    ['no markers', `${HAND_WRITTEN_HEAD}The latest full run of \`npm run bench\`: an old run.\n`],
    ['only the start marker', `${HAND_WRITTEN_HEAD}${LATEST_RUN_START}\nold\n`],
    ['only the end marker', `${HAND_WRITTEN_HEAD}old\n${LATEST_RUN_END}\n`],
    ['the end before the start', `${HAND_WRITTEN_HEAD}${LATEST_RUN_END}\nold\n${LATEST_RUN_START}\n`],
    ['a start marker twice', `${HAND_WRITTEN_HEAD}${LATEST_RUN_START}\n${LATEST_RUN_START}\nold\n${LATEST_RUN_END}\n`],
    ['an end marker twice', document('old', `${LATEST_RUN_END}\n`)],
  ])('throws, naming the file and the markers, with %s', (_case, text) => {
    expect(() => replaceLatestRun(text, 'The new run.', 'some/BENCHMARKS.md')).toThrow(/^some\/BENCHMARKS\.md: a run writes only between <!-- bench:latest-run:start --> and <!-- bench:latest-run:end -->.*nothing was written/);
  });
});

describe('renderLatestRun', () => {
  it('states when, at which commit and on what the run was measured, how it loaded, its table and the micro benchmarks under a subheading', () => {
    const section = renderLatestRun(TABLE, SETTINGS, MICRO, '2026-12-01T00:00:00.000Z', 'abc1234', '2 cores (test), 24 GiB, Node v20');
    expect(section.split('\n')[0]).toBe('The latest full run of `npm run bench`: 2026-12-01T00:00:00.000Z, commit abc1234, 2 cores (test), 24 GiB, Node v20.');
    expect(section).toContain('Load: 50 connections for 8 s per endpoint');
    expect(section).toContain('without sign-ins in 6 turns each (12 s in all)');
    expect(section).toContain(`\n\n${TABLE}\n\n### Micro benchmarks\n\n${MICRO}`);
    // A run writes no heading of the document's own level or above: the section sits under "## The latest full run".
    expect(section).not.toMatch(/^#{1,2} /m);
  });
});

describe('writeBenchmarks on a file', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bench-table-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('rewrites the latest run of the file and keeps the hand-written rest', () => {
    const file = join(dir, 'BENCHMARKS.md');
    writeFileSync(file, document('The latest full run of `npm run bench`: an old run.\n\n| old | table |', 'After, by hand.\n'));
    assertBenchmarksWritable(file);
    writeBenchmarks(file, TABLE, SETTINGS, MICRO);
    const written = readFileSync(file, 'utf8');
    expect(written.startsWith(`${HAND_WRITTEN_HEAD}${LATEST_RUN_START}\nThe latest full run of \`npm run bench\`: `)).toBe(true);
    expect(written.endsWith(`${TABLE}\n\n### Micro benchmarks\n\n${MICRO}\n${LATEST_RUN_END}\nAfter, by hand.\n`)).toBe(true);
    expect(written).not.toContain('an old run');
  });

  it('leaves a file without its markers as it was, and says so before a run and at its end', () => {
    const file = join(dir, 'BENCHMARKS.md');
    const handWritten = `${HAND_WRITTEN_HEAD}No markers here.\n`;
    writeFileSync(file, handWritten);
    expect(() => assertBenchmarksWritable(file)).toThrow(/bench:latest-run:start/);
    expect(() => writeBenchmarks(file, TABLE, SETTINGS, MICRO)).toThrow(/nothing was written/);
    expect(readFileSync(file, 'utf8')).toBe(handWritten);
  });

  it("finds the markers in the repository's own BENCHMARKS.md", () => {
    expect(() => assertBenchmarksWritable(join(__dirname, '..', '..', 'BENCHMARKS.md'))).not.toThrow();
  });
});
