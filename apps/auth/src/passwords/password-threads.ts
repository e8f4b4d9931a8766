import { availableParallelism } from 'node:os';
import { Worker as Thread } from 'node:worker_threads';

/**
 * The threads argon2id runs on: a few worker threads of this process that lower their own
 * scheduling priority (nice 19) before hashing anything. A sign-in's 10-30 ms of hashing then runs
 * off the event loop and yields to serving where CPU is to spare; where less is idle than the
 * hashes need, they still take the rest, or sign-ins would queue behind the load (issue 10,
 * docs/adr/0042). libuv's shared thread pool cannot be given a priority, so hashing runs
 * synchronously on these threads instead.
 */

/** One piece of work for a password thread. */
export type PasswordWork = { kind: 'hash'; password: string } | { kind: 'verify'; hash: string; password: string };

/** Options of {@link createPasswordThreads}. */
export interface PasswordThreadOptions {
  /** Threads at most (default: the cores, 1 to 4). */
  threads?: number;
  /** Nice value of the threads (default 19, the lowest priority). */
  nice?: number;
  /** argon2id parameters of new hashes. */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
}

// Plain JavaScript, evaluated as the thread's code: nothing to bundle, and a test runner's transforms never touch it.
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(0, workerData.nice); } catch {}
const argon2 = require(workerData.argon2Path);
const options = { algorithm: 2, ...workerData.argon2 };
parentPort.on('message', ({ id, work }) => {
  if (work.kind === 'verify') {
    let matched = false;
    try { matched = argon2.verifySync(work.hash, work.password); } catch {} // an unreadable hash matches nothing
    return parentPort.postMessage({ id, value: matched });
  }
  try {
    parentPort.postMessage({ id, value: argon2.hashSync(work.password, options) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message) });
  }
});
`;

interface Pending {
  id: number;
  work: PasswordWork;
  resolve(value: string | boolean): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Thread;
  running?: Pending;
}

/**
 * A small pool of low-priority threads hashing and verifying passwords: started on first use,
 * keeping the process alive only while they work, replaced if one dies (its work is refused).
 */
export function createPasswordThreads(options: PasswordThreadOptions) {
  const size = Math.max(1, options.threads ?? Math.min(4, availableParallelism()));
  const workerData = { nice: options.nice ?? 19, argon2: options.argon2, argon2Path: require.resolve('@node-rs/argon2') };
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;

  function start(): Slot {
    const slot: Slot = { worker: new Thread(THREAD_CODE, { eval: true, workerData }) };
    slot.worker.unref();
    slot.worker.on('message', (answer: { id: number; value?: string | boolean; error?: string }) => {
      const done = slot.running;
      slot.running = undefined;
      slot.worker.unref();
      if (done?.id === answer.id) {
        if (answer.error === undefined) done.resolve(answer.value as string | boolean);
        else done.reject(new Error(`password ${done.work.kind} failed: ${answer.error}`));
      }
      dispatch();
    });
    // A thread that dies refuses its work; a new one takes its place for the next.
    slot.worker.on('error', () => undefined);
    slot.worker.on('exit', () => {
      slots.splice(slots.indexOf(slot), 1);
      slot.running?.reject(new Error('the password thread stopped'));
      slot.running = undefined;
      dispatch();
    });
    slots.push(slot);
    return slot;
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const idle = slots.find((slot) => !slot.running) ?? (slots.length < size ? start() : undefined);
      if (!idle) return;
      const pending = queue.shift() as Pending;
      idle.running = pending;
      idle.worker.ref();
      idle.worker.postMessage({ id: pending.id, work: pending.work });
    }
  }

  return {
    /** Runs `work` on the next free thread: the hash (PHC string) for `hash`, whether it matched for `verify`. */
    run<T extends PasswordWork>(work: T): Promise<T['kind'] extends 'hash' ? string : boolean> {
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, work, resolve: resolve as (value: string | boolean) => void, reject });
        dispatch();
      });
    },
    /** The threads running now (they start on first use). */
    get size(): number {
      return slots.length;
    },
    /** Stops every thread; work not finished is refused. */
    async close(): Promise<void> {
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

/** The password threads type, for injection. */
export type PasswordThreads = ReturnType<typeof createPasswordThreads>;
