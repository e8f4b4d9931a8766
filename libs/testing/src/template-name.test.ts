import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AreaMigrations } from '@kyb/db';
import { templateName } from './database';

/* The test databases' template is made again whenever what a migration runs changes (ADR 0051). */
describe("the test databases' template name", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kyb-template-name-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const area = (up: () => Promise<void>, sourceDir?: string): AreaMigrations => ({
    schema: 'cases',
    migrations: [{ name: '20261128_0001_one', up, down: async () => undefined }],
    ...(sourceDir === undefined ? {} : { sourceDir }),
  });
  const up = async () => undefined;

  it('is the same for the same migrations and files, and changes with the code of `up`', () => {
    writeFileSync(join(dir, 'one.ts'), "const SQL = 'create table t (a int)';");
    expect(templateName([area(up, dir)])).toBe(templateName([area(up, dir)]));
    expect(templateName([area(up, dir)])).toMatch(/^kyb_tpl_[0-9a-f]{16}$/);
    expect(templateName([area(async () => void 'other', dir)])).not.toBe(templateName([area(up, dir)]));
  });

  it('changes when a file of the migration folder changes, is added or is renamed, though `up` is the same', () => {
    writeFileSync(join(dir, 'one.ts'), "const SQL = 'create table t (a int)';");
    const before = templateName([area(up, dir)]);
    writeFileSync(join(dir, 'one.ts'), "const SQL = 'create table t (a bigint)';");
    const edited = templateName([area(up, dir)]);
    expect(edited).not.toBe(before);
    writeFileSync(join(dir, 'two.ts'), 'export {};');
    const added = templateName([area(up, dir)]);
    expect(added).not.toBe(edited);
    rmSync(join(dir, 'two.ts'));
    writeFileSync(join(dir, 'three.ts'), 'export {};');
    expect(templateName([area(up, dir)])).not.toBe(added);
  });

  it('reads no folder for an area that names none', () => {
    writeFileSync(join(dir, 'one.ts'), 'export {};');
    expect(templateName([area(up)])).toBe(templateName([area(up)]));
    expect(templateName([area(up)])).not.toBe(templateName([area(up, dir)]));
  });
});
