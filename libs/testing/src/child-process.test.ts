import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleScript } from './child-process';
import { createProcessGroup } from './processes';

describe('child processes a test starts', () => {
  const entry = join(mkdtempSync(join(tmpdir(), 'kyb-child-')), 'forever.ts');
  writeFileSync(entry, "process.stdout.write('up\\n');\nsetInterval(() => undefined, 1000);\n");

  it('a bundled script still running when the test ends is killed by remove()', async () => {
    const script = bundleScript(entry);
    const started = script.start({});
    await started.printed('up');
    const exited = new Promise((resolve) => started.child.once('exit', (_code, signal) => resolve(signal)));
    script.remove();
    expect(await exited).toBe('SIGKILL');
  });

  it('a process group stops what it started (SIGTERM, then SIGKILL) and reports how it ended', async () => {
    const group = createProcessGroup();
    const stubborn = group.spawn(process.execPath, ['-e', "process.on('SIGTERM', () => undefined); console.log('ready'); setInterval(() => undefined, 1000)"]);
    await stubborn.waitFor(/ready/);
    const polite = group.spawn(process.execPath, ['-e', "console.log('ready'); setInterval(() => undefined, 1000)"]);
    await polite.waitFor(/ready/);
    const stubbornStop = stubborn.stop('SIGTERM', 300);
    await group.stopAll();
    expect(await stubbornStop).toBeNull();
    expect(stubborn.child.signalCode).toBe('SIGKILL');
    expect(polite.child.signalCode).toBe('SIGTERM');
  });

  it('waitFor rejects with the output when the process exits first', async () => {
    const group = createProcessGroup();
    const quitter = group.spawn(process.execPath, ['-e', "console.error('no database'); process.exit(3)"]);
    await expect(quitter.waitFor(/ready/)).rejects.toThrow(/process exited \(3\) before printing \/ready\/:\nno database/);
    expect(await quitter.exited).toBe(3);
  });
});
