import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { typeScriptFilesUnder } from './import-circles';

const appsDir = path.resolve(__dirname, '../../../apps');
const AREAS = ['auth', 'case', 'integration', 'report', 'score'];
/** What reaches BullMQ: only an area's worker.ts does (tests and their support may too). */
const BULLMQ_GLUE = /\b(createWorker|createProducer|startRecoverySweeper|upsertJobScheduler|new (Queue|Worker))\(/;

const sourceOf = (area: string, file: string) => readFileSync(path.join(appsDir, area, 'src', file), 'utf8');
const isTest = (file: string) => /\.test\.ts$|[/\\]test-support[/\\]|\.child\.ts$/.test(file);

describe.each(AREAS)('the %s area has the shape of every area', (area) => {
  const src = path.join(appsDir, area, 'src');

  it('has its wiring, module, main, settings, migrations and test app where every area has them', () => {
    for (const file of ['area.ts', 'area-module.ts', 'main.ts', 'config.ts', 'migrations/index.ts', 'test-support/area-app.ts']) {
      expect([file, existsSync(path.join(src, file))]).toEqual([file, true]);
    }
  });

  it('keeps the app that only tests build in test-support, not beside the production wiring', () => {
    expect(existsSync(path.join(src, 'app.ts'))).toBe(false);
  });

  it('wires itself with defineArea and is started with startArea', () => {
    expect(sourceOf(area, 'area.ts')).toMatch(/\bdefineArea\(/);
    expect(sourceOf(area, 'area-module.ts')).toMatch(/\bstartArea\(/);
  });

  it('keeps its BullMQ glue in worker.ts, which it has exactly when its module declares queues', () => {
    const declaresQueues = !/queues: \[\]/.test(sourceOf(area, 'area-module.ts'));
    expect(existsSync(path.join(src, 'worker.ts'))).toBe(declaresQueues);
    const glue = typeScriptFilesUnder(src)
      .filter((file) => !isTest(file) && path.basename(file) !== 'worker.ts')
      .filter((file) => BULLMQ_GLUE.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(glue).toEqual([]);
  });

  it('has no sub-wiring of its own: features are wired in area.ts', () => {
    const subWiring = typeScriptFilesUnder(src).filter((file) => /\.feature\.ts$/.test(file));
    expect(subWiring).toEqual([]);
  });
});

describe('the areas', () => {
  it('are every app with an area module', () => {
    const withModules = readdirSync(appsDir).filter((app) => existsSync(path.join(appsDir, app, 'src', 'area-module.ts')));
    expect(withModules.sort()).toEqual(AREAS);
  });

  it('are told apart from glue by the pattern that finds glue', () => {
    expect(BULLMQ_GLUE.test('const w = createWorker(queue, fn, options);')).toBe(true);
    expect(BULLMQ_GLUE.test("await queue.upsertJobScheduler('x', {}, {});")).toBe(true);
    expect(BULLMQ_GLUE.test('import type { Worker } from "@kyb/queues";')).toBe(false);
  });
});
