import { join } from 'node:path';
import { startHashingApart } from './hashing-apart';

// The bench's built script (the bench project's tests depend on its build), run with --hash-apart.
const SCRIPT = join(__dirname, '../../dist/bench/run.js');
const SMALL = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startHashingApart: the process beside the hashing floor', () => {
  it('hashes only in the turns it is asked to, counting each turn, and exits when stopped', async () => {
    const hashing = await startHashingApart(SCRIPT, 50, SMALL);
    try {
      // Ready, and idle: nothing is counted before a turn.
      expect({ hashed: hashing.hashed(), asked: hashing.asked(), cpuPerHashMs: hashing.cpuPerHashMs() }).toEqual({ hashed: 0, asked: 0, cpuPerHashMs: 0 });
      // Turns of 600 ms until one hashed (at nice 19, beside other tests, the first may see none), then one more.
      const turn = async () => {
        const stopTurn = hashing.during();
        await sleep(600);
        await stopTurn();
      };
      let turns = 0;
      for (; turns < 10 && hashing.hashed() === 0; turns += 1) await turn();
      const first = hashing.hashed();
      expect(first).toBeGreaterThan(0);
      for (; turns < 20 && hashing.hashed() === first; turns += 1) await turn();
      expect(hashing.hashed()).toBeGreaterThan(first);
      // Each turn of at least 600 ms at 50 a second asked for at least 30.
      expect(hashing.asked()).toBeGreaterThanOrEqual(30 * turns);
    } finally {
      await hashing.stop();
    }
  }, 30_000);

  it('measures the CPU a hash takes: more for more memory and passes', async () => {
    const cpuPerHash = async (parameters: typeof SMALL) => {
      const hashing = await startHashingApart(SCRIPT, 20, parameters);
      try {
        // Turns of a second until hashes were done (at nice 19, beside other tests, the first may see none).
        for (let turns = 0; turns < 10 && hashing.hashed() < 3; turns += 1) {
          const stopTurn = hashing.during();
          await sleep(1000);
          await stopTurn();
        }
        expect(hashing.hashed()).toBeGreaterThanOrEqual(3);
        return hashing.cpuPerHashMs();
      } finally {
        await hashing.stop();
      }
    };
    const small = await cpuPerHash(SMALL);
    const large = await cpuPerHash({ memoryCost: 16384, timeCost: 3, parallelism: 1 });
    expect(small).toBeGreaterThan(0);
    // 16 times the memory, three times the passes: far more than twice the work, whatever the machine's speed.
    expect(large).toBeGreaterThan(small * 2);
  }, 30_000);

  it('fails a turn whose process has died instead of waiting for its count', async () => {
    const hashing = await startHashingApart(SCRIPT, 50, { ...SMALL, timeCost: 0 });
    const stopTurn = hashing.during();
    // argon2 refuses a time cost of 0 at the first hash of the turn, and the process exits.
    await expect(hashing.exited).resolves.toMatch(/^exited \(\d+\)$/);
    await expect(stopTurn()).rejects.toThrow(/the hashing process exited \(\d+\) in a turn/);
    expect(() => hashing.during()).toThrow(/the hashing process exited/);
    await hashing.stop();
  }, 30_000);

  it('is refused, and leaves no process, when the script given is not the bench', async () => {
    await expect(startHashingApart(join(__dirname, 'no-such-script.js'), 50, SMALL)).rejects.toThrow(/the hashing process exited \(1\) before it was ready/);
  });
});
