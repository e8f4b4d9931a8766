import { readdirSync, readFileSync } from 'node:fs';
import { ARGON2ID_PARAMETERS, createPasswordHasher } from './password-hasher';
import { createPasswordThreads } from './password-threads';

/** A hash the `argon2` package (what earlier versions stored) made of 'secret pw' with the same parameters. */
const STORED_BY_ARGON2_PACKAGE = '$argon2id$v=19$m=19456,t=2,p=1$Fh5+6gSzV+mvpeZ4B87pLA$09T1YnPQrzTrLLRXVTG+t+iH6DYbqBUiPnMBbBxfMDY';

/** The nice value in a stat line of proc(5): field 19 (the fields after the command start at field 3). */
const niceOf = (statPath: string): number => {
  const stat = readFileSync(statPath, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

/** The nice value of each thread of this process (Linux). */
const niceOfThreads = (): number[] => readdirSync('/proc/self/task').map((tid) => niceOf(`/proc/self/task/${tid}/stat`));

describe('createPasswordHasher', () => {
  const hasher = createPasswordHasher({ threads: 2 });
  afterAll(() => hasher.close());

  it('hashes with argon2id and the OWASP parameters, a new salt each time, and verifies only the right password', async () => {
    const first = await hasher.hash('correct horse battery');
    const second = await hasher.hash('correct horse battery');
    const { memoryCost, timeCost, parallelism } = ARGON2ID_PARAMETERS;
    expect(first.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`)).toBe(true);
    expect(second).not.toBe(first);
    expect(await hasher.verify(first, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(first, 'correct horse batterY')).toBe(false);
  });

  it('verifies the hashes stored before (made by the argon2 package)', async () => {
    expect(await hasher.verify(STORED_BY_ARGON2_PACKAGE, 'secret pw')).toBe(true);
    expect(await hasher.verify(STORED_BY_ARGON2_PACKAGE, 'secret pW')).toBe(false);
  });

  it('answers false for no hash (an unknown user, after the decoy work) and for an unreadable hash', async () => {
    expect(await hasher.verify(null, 'anything')).toBe(false);
    expect(await hasher.verify('not-a-phc-string', 'anything')).toBe(false);
    expect(await hasher.verify('$argon2id$v=19$m=19456,t=2,p=1$short$', 'anything')).toBe(false);
  });

  it('runs many at once on no more threads than asked, each answer going to its own caller', async () => {
    const hashes = await Promise.all(['a1', 'b2', 'c3'].map((password) => hasher.hash(password)));
    const answers = await Promise.all(
      hashes.flatMap((hash, i) => [hasher.verify(hash, ['a1', 'b2', 'c3'][i]), hasher.verify(hash, 'wrong')]),
    );
    expect(answers).toEqual([true, false, true, false, true, false]);
  });
});

describe('createPasswordThreads', () => {
  const argon2 = ARGON2ID_PARAMETERS;

  it('start on first use, at most `threads` of them, each at the lowest priority (nice 19) while this thread keeps its own', async () => {
    const threads = createPasswordThreads({ threads: 2, argon2 });
    try {
      const before = niceOfThreads().filter((nice) => nice === 19).length;
      expect(threads.size).toBe(0);
      await Promise.all(Array.from({ length: 5 }, (_x, n) => threads.run({ kind: 'hash', password: `p${n}` })));
      expect(threads.size).toBe(2);
      expect(niceOfThreads().filter((nice) => nice === 19).length - before).toBe(2);
      expect(niceOf('/proc/thread-self/stat')).toBe(0);
    } finally {
      await threads.close();
    }
  });

  it('start again after being closed, and refuse the work a stopped thread had', async () => {
    const threads = createPasswordThreads({ threads: 1, argon2 });
    const running = threads.run({ kind: 'hash', password: 'cut short' });
    await new Promise((resolve) => setImmediate(resolve));
    await threads.close();
    await expect(running).rejects.toThrow('the password thread stopped');
    expect(await threads.run({ kind: 'verify', hash: STORED_BY_ARGON2_PACKAGE, password: 'secret pw' })).toBe(true);
    await threads.close();
  });
});
