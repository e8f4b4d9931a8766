import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A process a test started: its output so far, and ways to wait for it or stop it. */
export interface StartedProcess {
  readonly child: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the output once it matches `pattern`; rejects if the process exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** Sends `signal` (default SIGTERM), then SIGKILL after `graceMs`; resolves with the exit code. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

/** The processes one test file started, so that every one is stopped, also when an assertion failed. */
export interface ProcessGroup {
  /** Starts `node <script> ...args` with `env` added to the test's environment (undefined removes a variable). */
  start(script: string, env?: Record<string, string | undefined>, args?: string[]): StartedProcess;
  /** Starts any command. */
  spawn(command: string, args: string[], env?: Record<string, string | undefined>): StartedProcess;
  /** Stops every process still running (SIGTERM, then SIGKILL). Call it in afterAll/afterEach. */
  stopAll(): Promise<void>;
}

function track(child: ChildProcess): StartedProcess {
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  // A command that cannot be spawned at all must fail the waiting test, not throw into the runner.
  child.once('error', (err) => {
    output += `\n[spawn error] ${err.message}\n`;
    for (const listener of listeners) listener();
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => done(new Error(`timed out after ${timeoutMs} ms waiting for ${pattern}:\n${output}`)), timeoutMs);
        const check = () => pattern.test(output) && done();
        const done = (err?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (err) reject(err);
          else resolve(output);
        };
        listeners.add(check);
        check();
        void exited.then((code) => listeners.has(check) && done(new Error(`process exited (${code}) before printing ${pattern}:\n${output}`)));
      });
    },
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (running()) {
        child.kill(signal);
        const timer = setTimeout(() => running() && child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

/** Creates a group; `stopAll()` in the test file's afterAll leaves no process behind. */
export function createProcessGroup(): ProcessGroup {
  const started: StartedProcess[] = [];
  const spawnTracked = (command: string, args: string[], env: Record<string, string | undefined> = {}) => {
    const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
    const processHandle = track(spawn(command, args, { env: merged, stdio: ['ignore', 'pipe', 'pipe'] }));
    started.push(processHandle);
    return processHandle;
  };
  return {
    spawn: spawnTracked,
    start: (script, env, args = []) => spawnTracked(process.execPath, [script, ...args], env),
    async stopAll() {
      await Promise.all(started.map((p) => p.stop('SIGTERM', 5000)));
    },
  };
}

/**
 * Ports handed out are chosen below the kernel's ephemeral range (32768 and up on Linux), where no
 * outgoing connection takes one between the choice and the child's listen: a port the kernel gave
 * a listener on port 0 could be taken by any process's next connection (seen: "EADDRINUSE" from a
 * child told such a port, while the tests' containers were being connected to).
 */
const PORT_RANGE = { from: 20_000, to: 32_000 } as const;
const handedOut = new Set<number>();

/** Whether a listener on every address (as the children listen) can take `port` now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** A TCP port nothing listens on right now, outside the ephemeral range, never the same twice in a process. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries += 1) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${PORT_RANGE.from} and ${PORT_RANGE.to} after 200 tries`);
}
