/*
 * The floor under the sign-in row (docs/adr/0040, docs/adr/0042): argon2id with the suite's own
 * parameters, at the sign-ins' rate, in a process of its own at nice 19 that serves nothing. The
 * event loop is not involved at all: what this moves E9's p99 by is what sign-ins that hash so cost
 * other requests on that machine before any work of their own. The process also says what CPU its
 * hashes took, which the bench sets beside the CPU E9's load leaves spare.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';

/** The bench's own command line for the hashing process: `run.js --hash-apart <per second> <argon2 parameters as JSON>`. */
export const HASH_APART_FLAG = '--hash-apart';

/** argon2id parameters, as the auth area hashes with them. */
export interface Argon2Parameters {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

type Control = 'on' | 'off';

/** What the hashing process sends once it listens for turns (its script and argon2 loaded). */
const READY = 'ready';

/** What the hashing process answers to `off`: the hashes of the turn and the CPU milliseconds they took. */
interface TurnAnswer {
  hashed: number;
  cpuMs: number;
}

/**
 * The hashing process's side: at nice 19, as the suite's password threads run, it hashes
 * `perSecond` passwords a second while its parent has said `on`, and at `off` answers how many it
 * did and the CPU they took.
 */
export function hashWhenAsked(perSecond: number, parameters: Argon2Parameters): void {
  const argon2 = require('@node-rs/argon2') as typeof import('@node-rs/argon2');
  setPriority(0, 19);
  let timer: NodeJS.Timeout | undefined;
  let hashed = 0;
  let cpuAtOn = process.cpuUsage();
  process.on('message', (message: Control) => {
    clearInterval(timer);
    timer = undefined;
    if (message === 'off') {
      const used = process.cpuUsage(cpuAtOn);
      process.send?.({ hashed, cpuMs: (used.user + used.system) / 1000 } satisfies TurnAnswer);
      return;
    }
    hashed = 0;
    cpuAtOn = process.cpuUsage();
    timer = setInterval(() => {
      // algorithm 2: argon2id (the package's const enum cannot be read under isolatedModules), as the password threads hash.
      argon2.hashSync(`bench-password-${hashed}`, { ...parameters, algorithm: 2 });
      hashed += 1;
    }, 1000 / perSecond);
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.(READY);
}

/** The hashing process, started idle. */
export interface HashingApart {
  /** A turn side's `during`: hashing starts, and the function it answers stops it. */
  during(): () => Promise<void>;
  /** Hashes done in all the turns so far (the warm-up turn's too). */
  hashed(): number;
  /** Hashes the turns so far asked for: their time at the rate (what a starved process falls short of). */
  asked(): number;
  /** CPU milliseconds a hash took in the turns so far (0 before any). */
  cpuPerHashMs(): number;
  /** Resolves when the process exits (stopped, or died), with how it ended. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

function exitedText(child: ChildProcess): string {
  return `the hashing process exited (${child.exitCode ?? child.signalCode}) in a turn`;
}

const gone = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null || !child.connected;

/** Sends `message`, or throws if the process is gone (a send on a closed channel would only emit an error later). */
function tell(child: ChildProcess, message: Control): void {
  if (gone(child)) throw new Error(exitedText(child));
  child.send(message);
}

/** How long the process may take to answer `off`: a hash takes ~10 ms, but the machine is loaded. */
const ANSWER_TIMEOUT_MS = 10_000;
/** How long the process may take to load its script and say it is ready, on a loaded machine. */
const READY_TIMEOUT_MS = 30_000;

/**
 * The first message of the process that `accept` takes; refused if the process is gone first (one of
 * `texts.goneOn`: `gone`), or sends none in `timeoutMs` (`late`).
 */
function firstMessage<T>(
  child: ChildProcess,
  accept: (message: unknown) => message is T,
  texts: { goneOn: ReadonlyArray<'exit' | 'disconnect'>; gone: () => string; late: string },
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      for (const event of texts.goneOn) child.off(event, onGone);
      child.off('message', onMessage);
      outcome();
    };
    const onGone = () => settle(() => reject(new Error(texts.gone())));
    const onMessage = (message: unknown) => {
      if (accept(message)) settle(() => resolve(message));
    };
    const timer = setTimeout(() => settle(() => reject(new Error(texts.late))), timeoutMs);
    for (const event of texts.goneOn) child.once(event, onGone);
    child.on('message', onMessage);
  });
}

const isTurnAnswer = (message: unknown): message is TurnAnswer => typeof message === 'object' && message !== null && 'hashed' in message;
const isReady = (message: unknown): message is typeof READY => message === READY;

/** What the process answers to `off`. */
const answer = (child: ChildProcess) =>
  firstMessage(child, isTurnAnswer, { goneOn: ['exit', 'disconnect'], gone: () => exitedText(child), late: `the hashing process did not answer within ${ANSWER_TIMEOUT_MS} ms` }, ANSWER_TIMEOUT_MS);

/** Resolves when the process says it is ready. */
const ready = (child: ChildProcess) =>
  firstMessage(
    child,
    isReady,
    // Its exit, not the channel's close just before it, so the refusal says how it ended.
    { goneOn: ['exit'], gone: () => `the hashing process exited (${child.exitCode ?? child.signalCode}) before it was ready`, late: `the hashing process was not ready within ${READY_TIMEOUT_MS} ms` },
    READY_TIMEOUT_MS,
  );

/**
 * Starts the hashing process (this same script with {@link HASH_APART_FLAG}) and answers it once
 * it listens for turns, idle until a turn asks (what it loads is never counted in a turn).
 */
export async function startHashingApart(script: string, perSecond: number, parameters: Argon2Parameters): Promise<HashingApart> {
  const child = spawn(process.execPath, [script, HASH_APART_FLAG, String(perSecond), JSON.stringify(parameters)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // A failed send is seen by the next turn (tell), not thrown as an unhandled 'error' event.
  child.on('error', () => undefined);
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`exited (${code ?? signal})`)));
  try {
    await ready(child);
  } catch (error) {
    child.kill();
    throw error;
  }
  let hashed = 0;
  let cpuMs = 0;
  let askedSeconds = 0;
  return {
    during() {
      tell(child, 'on');
      const started = performance.now();
      return async () => {
        askedSeconds += (performance.now() - started) / 1000;
        tell(child, 'off');
        // Listened for in the same turn of the event loop as the send: the answer cannot come before.
        const turn = await answer(child);
        hashed += turn.hashed;
        cpuMs += turn.cpuMs;
      };
    },
    hashed: () => hashed,
    asked: () => Math.floor(askedSeconds * perSecond),
    cpuPerHashMs: () => (hashed > 0 ? cpuMs / hashed : 0),
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.disconnect();
      await exited;
    },
  };
}
