import { createPasswordThreads, type PasswordThreadOptions } from './password-threads';

/** argon2id parameters (OWASP's second recommended set: 19 MiB, 2 passes). */
export const ARGON2ID_PARAMETERS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes and checks passwords with argon2id, on low-priority threads off the event loop. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** True when `password` matches `hash`. With no hash (unknown user), spends the same time and answers false. */
  verify(hash: string | null, password: string): Promise<boolean>;
  /** Stops the hashing threads (they also never keep the process alive while idle). */
  close(): Promise<void>;
}

/**
 * Creates the hasher; a decoy hash makes unknown users cost what known users cost. The work runs
 * on the password threads (password-threads.ts): at nice 19 and off the event loop, so sign-in
 * bursts never block it (the CPU the hashes take from a loaded machine: docs/adr/0042).
 */
export function createPasswordHasher(options: Omit<PasswordThreadOptions, 'argon2'> = {}): PasswordHasher {
  const threads = createPasswordThreads({ ...options, argon2: ARGON2ID_PARAMETERS });
  let decoy: Promise<string> | undefined;
  const hash = (password: string) => threads.run({ kind: 'hash', password });
  return {
    hash,
    async verify(stored, password) {
      if (stored === null) {
        decoy ??= hash('decoy-password-that-never-matches');
        await threads.run({ kind: 'verify', hash: await decoy, password });
        return false;
      }
      return threads.run({ kind: 'verify', hash: stored, password });
    },
    close: () => threads.close(),
  };
}
