import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFlags } from './suite-runner';

describe('startFlags: the suite runs in the bench as npm start runs it', () => {
  let dir: string;
  const packageWith = (start: string) => {
    const file = join(dir, 'package.json');
    writeFileSync(file, JSON.stringify({ scripts: { start } }));
    return file;
  };
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'kyb-start-flags-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the node flags of this repository's start script", () => {
    expect(startFlags(join(__dirname, '../../package.json'))).toEqual(['--max-semi-space-size=32']);
  });

  it('reads any flags, in order, and none when there are none', () => {
    expect(startFlags(packageWith('nx run suite:build && node --a=1 --b dist/apps/suite/main.js'))).toEqual(['--a=1', '--b']);
    expect(startFlags(packageWith('node dist/apps/suite/main.js'))).toEqual([]);
  });

  it('refuses a start script that does not run the suite, rather than measure something else', () => {
    expect(() => startFlags(packageWith('node dist/apps/case/main.js'))).toThrow(/does not run node dist\/apps\/suite\/main\.js/);
  });
});
