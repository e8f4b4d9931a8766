import type { LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './ssrf-guard';

/**
 * A `lookup` for `http.request` that answers only with addresses already checked, so the socket
 * connects to what the guard judged, never to a second, different DNS answer (DNS rebinding).
 * The host name itself stays on the request for the Host header and TLS.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = familyOf(options);
    const candidates = family === 0 ? [...addresses] : addresses.filter((address) => address.family === family);
    if (candidates.length === 0) {
      const error: NodeJS.ErrnoException = new Error('no checked address of the requested family');
      error.code = 'ENOTFOUND';
      callback(error, '');
      return;
    }
    // Happy Eyeballs (autoSelectFamily) asks for every address, a plain connect for one.
    if (options.all) callback(null, candidates);
    else callback(null, candidates[0].address, candidates[0].family);
  };
}

function familyOf(options: LookupOptions): number {
  if (options.family === 4 || options.family === 'IPv4') return 4;
  if (options.family === 6 || options.family === 'IPv6') return 6;
  return 0;
}
