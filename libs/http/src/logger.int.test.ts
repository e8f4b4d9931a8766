import { bundleScript, type BundledScript } from '@kyb/testing';

describe('the logger on stdout', () => {
  let script: BundledScript;
  beforeAll(() => (script = bundleScript(`${__dirname}/test-support/log-then-exit.child.ts`)));
  afterAll(() => script.remove());

  it('writes asynchronously, yet loses no line when the process exits at once', async () => {
    const { child } = script.start({});
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
    expect(code).toBe(1);
    const lines = output.trim().split('\n').map((line) => JSON.parse(line) as { msg: string; line?: number; name: string });
    expect(lines).toHaveLength(2001);
    expect(lines.slice(0, 2000).map((l) => l.line)).toEqual([...Array(2000).keys()]);
    expect(lines[2000]).toMatchObject({ msg: 'the last line', name: 'log-then-exit' });
  });
});
