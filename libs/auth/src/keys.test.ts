import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestKeys } from './testing';
import { createJwksKeySource, createLocalKeySource, KeysUnavailableError } from './keys';

/** A real HTTP server publishing `keys()`, counting requests; `hang` makes it never answer. */
async function jwksServer(keys: () => unknown[], options: { hang?: boolean } = {}) {
  let requests = 0;
  const server: Server = createServer((_req, res) => {
    requests += 1;
    if (options.hang) return;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: keys() }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe('createJwksKeySource (jose remote key set)', () => {
  const tokens = createTestKeys();

  it('fetches the key set once and serves known kids from the cache', async () => {
    const server = await jwksServer(() => tokens.jwks);
    try {
      const source = createJwksKeySource({ url: server.url });
      expect((await source.getKey(tokens.key.kid, 'ES256'))?.alg).toBe('ES256');
      expect((await source.getKey(tokens.key.kid, 'ES256'))?.key.asymmetricKeyType).toBe('ec');
      expect(server.requests()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('an unknown kid fetches again, but not within the cool-down, and a rotated key is found after it', async () => {
    let published: unknown[] = [];
    const server = await jwksServer(() => published);
    try {
      const source = createJwksKeySource({ url: server.url, cooldownMs: 300 });
      expect(await source.getKey(tokens.key.kid, 'ES256')).toBeUndefined();
      published = tokens.jwks;
      expect(await source.getKey(tokens.key.kid, 'ES256')).toBeUndefined();
      expect(await source.getKey('forged', 'ES256')).toBeUndefined();
      expect(server.requests()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await source.getKey(tokens.key.kid, 'ES256')).toBeDefined();
      expect(server.requests()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('a key named with another algorithm than it is published with is not found', async () => {
    const server = await jwksServer(() => tokens.jwks);
    try {
      expect(await createJwksKeySource({ url: server.url }).getKey(tokens.key.kid, 'RS256')).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('a hung auth area costs a request the time-out, answered as 503 KeysUnavailableError, not a hang', async () => {
    const server = await jwksServer(() => tokens.jwks, { hang: true });
    try {
      const started = Date.now();
      const failure = await createJwksKeySource({ url: server.url, timeoutMs: 200 }).getKey(tokens.key.kid, 'ES256').catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(KeysUnavailableError);
      expect(failure).toMatchObject({ httpStatus: 503, errorName: 'ServiceUnavailableError' });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await server.close();
    }
  });

  it('an auth area that answers nonsense gives 503, not a pass', async () => {
    const server = await jwksServer(() => 'not a key set' as unknown as unknown[]);
    try {
      await expect(createJwksKeySource({ url: server.url }).getKey(tokens.key.kid, 'ES256')).rejects.toBeInstanceOf(KeysUnavailableError);
    } finally {
      await server.close();
    }
  });
});

describe('createLocalKeySource', () => {
  it('lists keys again for an unknown kid at most once per minRelistMs', async () => {
    const tokens = createTestKeys();
    let now = 0;
    let listings = 0;
    const source = createLocalKeySource(
      () => {
        listings += 1;
        return tokens.jwks;
      },
      { minRelistMs: 1000, now: () => now },
    );
    expect(await source.getKey(tokens.key.kid, 'ES256')).toBeDefined();
    expect(await source.getKey('forged-1', 'ES256')).toBeUndefined();
    expect(await source.getKey('forged-2', 'ES256')).toBeUndefined();
    expect(listings).toBe(1);
    now = 1500;
    expect(await source.getKey('forged-3', 'ES256')).toBeUndefined();
    expect(listings).toBe(2);
    expect(await source.getKey(tokens.key.kid, 'ES256')).toBeDefined();
    expect(listings).toBe(2);
  });

  it('concurrent lookups of a kid not yet known wait for one listing, and all find the key', async () => {
    const tokens = createTestKeys();
    let listings = 0;
    const source = createLocalKeySource(async () => {
      listings += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return tokens.jwks;
    });
    const found = await Promise.all(Array.from({ length: 5 }, () => source.getKey(tokens.key.kid, 'ES256')));
    expect(found.map((entry) => entry?.alg)).toEqual(['ES256', 'ES256', 'ES256', 'ES256', 'ES256']);
    expect(listings).toBe(1);
  });

  it('trusts only the last listing: after maxAgeMs a key no longer published is dropped, one listed again keeps its KeyObject', async () => {
    const kept = createTestKeys();
    const retired = createTestKeys();
    let published = [...kept.jwks, ...retired.jwks];
    let now = 0;
    const source = createLocalKeySource(() => published, { maxAgeMs: 60_000, now: () => now });
    const keptKey = (await source.getKey(kept.key.kid, 'ES256'))?.key;
    expect(await source.getKey(retired.key.kid, 'ES256')).toBeDefined();
    published = kept.jwks;
    now = 30_000;
    expect(await source.getKey(retired.key.kid, 'ES256')).toBeDefined(); // the listing is still fresh
    now = 61_000;
    expect((await source.getKey(kept.key.kid, 'ES256'))?.key).toBe(keptKey);
    expect(await source.getKey(retired.key.kid, 'ES256')).toBeUndefined();
  });

  it('a failed listing is 503 with its cause; within minRelistMs no lookup lists again (forged kids cannot flood), fresh keys go on serving', async () => {
    const tokens = createTestKeys();
    let failing = false;
    let listings = 0;
    let now = 0;
    const source = createLocalKeySource(
      () => {
        listings += 1;
        if (failing) throw new Error('database unavailable');
        return tokens.jwks;
      },
      { minRelistMs: 1000, maxAgeMs: 60_000, now: () => now },
    );
    expect(await source.getKey(tokens.key.kid, 'ES256')).toBeDefined();
    failing = true;
    now = 2000;
    const refused = await source.getKey('forged-1', 'ES256').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(KeysUnavailableError);
    expect((refused as Error).cause).toEqual(new Error('database unavailable'));
    // The envelope a caller gets: the cause is for the log only.
    expect((refused as KeysUnavailableError).httpStatus).toBe(503);
    expect((refused as KeysUnavailableError).toBody()).toEqual({
      status: 'error',
      message: 'Token keys are unavailable right now. Try again shortly.',
      errorCode: 'UNKNOWN_ERROR',
      data: { errorName: 'ServiceUnavailableError' },
    });
    await expect(source.getKey('forged-2', 'ES256')).rejects.toBeInstanceOf(KeysUnavailableError);
    await expect(source.getKey('forged-3', 'ES256')).rejects.toBeInstanceOf(KeysUnavailableError);
    expect(listings).toBe(2);
    // The key of the last good listing is still within maxAgeMs: tokens it signed are still verified.
    expect(await source.getKey(tokens.key.kid, 'ES256')).toBeDefined();
    failing = false;
    now = 3500;
    expect(await source.getKey('forged-4', 'ES256')).toBeUndefined();
    expect(listings).toBe(3);
  });
});
