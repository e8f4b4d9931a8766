import argon2 from 'argon2';

/** argon2id parameters (OWASP's second recommended set: 19 MiB, 2 passes). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes and checks passwords with argon2id; the work runs on libuv's thread pool, off the event loop. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** True when `password` matches `hash`. With no hash (unknown user), spends the same time and answers false. */
  verify(hash: string | null, password: string): Promise<boolean>;
}

/** Creates the hasher; a decoy hash makes unknown users cost what known users cost. */
export function createPasswordHasher(): PasswordHasher {
  const decoy = argon2.hash('decoy-password-that-never-matches', OPTIONS);
  return {
    hash: (password) => argon2.hash(password, OPTIONS),
    async verify(hash, password) {
      if (hash === null) {
        await argon2.verify(await decoy, password);
        return false;
      }
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
  };
}
