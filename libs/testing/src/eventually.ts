/**
 * Polls `check` every 50 ms until it answers a value other than undefined (what a worker
 * eventually writes), or rejects after `timeoutMs`.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
