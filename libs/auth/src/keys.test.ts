import { createTestKeys } from './test-keys';
import { createJwksKeySource, createLocalKeySource } from './keys';

describe('createJwksKeySource', () => {
  const tokens = createTestKeys();

  function fakeFetch(keys: () => unknown[]) {
    const calls: string[] = [];
    const impl = (async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ keys: keys() }), { status: 200 });
    }) as unknown as typeof fetch;
    return { calls, impl };
  }

  it('fetches the key set once and serves known kids from the cache', async () => {
    const fetcher = fakeFetch(() => tokens.jwks);
    const source = createJwksKeySource({ url: 'http://auth/jwks', fetchImpl: fetcher.impl });
    expect((await source.getKey(tokens.key.kid))?.alg).toBe('ES256');
    expect((await source.getKey(tokens.key.kid))?.key.asymmetricKeyType).toBe('ec');
    expect(fetcher.calls).toEqual(['http://auth/jwks']);
  });

  it('fetches again for an unknown kid, but not more often than minRefetchMs', async () => {
    let now = 0;
    let published: unknown[] = [];
    const fetcher = fakeFetch(() => published);
    const source = createJwksKeySource({ url: 'http://auth/jwks', fetchImpl: fetcher.impl, minRefetchMs: 1000, now: () => now });
    expect(await source.getKey(tokens.key.kid)).toBeUndefined();
    published = tokens.jwks;
    now = 500;
    expect(await source.getKey(tokens.key.kid)).toBeUndefined();
    now = 1500;
    expect(await source.getKey(tokens.key.kid)).toBeDefined();
    expect(fetcher.calls).toHaveLength(2);
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
    expect(await source.getKey(tokens.key.kid)).toBeDefined();
    expect(await source.getKey('forged-1')).toBeUndefined();
    expect(await source.getKey('forged-2')).toBeUndefined();
    expect(listings).toBe(1);
    now = 1500;
    expect(await source.getKey('forged-3')).toBeUndefined();
    expect(listings).toBe(2);
    expect(await source.getKey(tokens.key.kid)).toBeDefined();
    expect(listings).toBe(2);
  });
});
