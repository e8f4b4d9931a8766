import { createJwksKeySource, type KeySource } from './keys';

/**
 * The token keys of one process (docs/adr/0041). When the auth area runs in the process, it offers
 * its own key source, and the areas beside it read the keys from it: no request to the process's
 * own port for the JWKS, which would fail while that port closes at a stop, and cost a round trip
 * to the first request of every area. A process without the auth area reads the JWKS at each
 * area's `AUTH_JWKS_URL`.
 */
export interface ProcessTokenKeys {
  /** The auth area, started in this process, offers the keys it verifies with. */
  provide(source: KeySource): void;
  /**
   * The key source of an area: the auth area's own once it runs in this process, else the JWKS at
   * `jwksUrl` (fetched only if it is needed, so an area started before the auth area gets no fetch).
   */
  sourceFor(jwksUrl: string): KeySource;
}

/** Creates the process's token keys, with no auth area in it until {@link ProcessTokenKeys.provide}. */
export function createProcessTokenKeys(): ProcessTokenKeys {
  let inProcess: KeySource | undefined;
  return {
    provide(source) {
      inProcess = source;
    },
    sourceFor(jwksUrl) {
      let remote: KeySource | undefined;
      return {
        getKey: (kid, alg) => (inProcess ?? (remote ??= createJwksKeySource({ url: jwksUrl }))).getKey(kid, alg),
      };
    },
  };
}
