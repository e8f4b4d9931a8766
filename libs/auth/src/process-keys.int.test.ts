import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createLocalKeySource, KeysUnavailableError } from './keys';
import { createProcessTokenKeys } from './process-keys';
import { createTestKeys } from './testing';

/** A URL on the loopback where nothing listens (a port taken, then freed). */
async function closedJwksUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/auth/api/v1/.well-known/jwks.json`;
}

describe('createProcessTokenKeys: the auth area keys, in process when it runs there', () => {
  const tokens = createTestKeys();

  it('without the auth area in the process, an area reads the JWKS at its URL (here unreachable: 503)', async () => {
    const keys = createProcessTokenKeys();
    await expect(keys.sourceFor(await closedJwksUrl()).getKey(tokens.key.kid, 'ES256')).rejects.toBeInstanceOf(KeysUnavailableError);
  });

  it("once the auth area offers its keys, every area's source reads them in process, also one made before, with no JWKS fetch", async () => {
    const keys = createProcessTokenKeys();
    const url = await closedJwksUrl();
    const madeBefore = keys.sourceFor(url);
    let listings = 0;
    keys.provide(
      createLocalKeySource(() => {
        listings += 1;
        return tokens.jwks;
      }),
    );
    const madeAfter = keys.sourceFor(url);
    expect((await madeBefore.getKey(tokens.key.kid, 'ES256'))?.key.asymmetricKeyType).toBe('ec');
    expect((await madeAfter.getKey(tokens.key.kid, 'ES256'))?.alg).toBe('ES256');
    // One listing of the auth area's keys serves both areas; an unknown kid is still unknown.
    expect(listings).toBe(1);
    expect(await madeAfter.getKey('forged', 'ES256')).toBeUndefined();
  });
});
