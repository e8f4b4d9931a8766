import { ProviderError } from '../providers.errors';
import { createVendorHttp } from '../vendor-http';
import { SMARTY_STREET_PATH, type SmartyLookup } from './smarty-street.api';
import { batchesOf, candidatesByLookup, checkOf, lookupOf, type SmartyAddress, type SmartyAddressCheck } from './smarty-street.mapping';

export { SMARTY_PRODUCTION_URL } from './smarty-street.api';

/** A Smarty secret key pair (server-side keys), as the tenant's sealed credentials name them. */
export interface SmartyCredentials {
  auth_id: string;
  auth_token: string;
}

/** How the Smarty adapter reaches Smarty. */
export interface SmartyAddressProviderOptions {
  /** `SMARTY_BASE_URL`: `SMARTY_PRODUCTION_URL` by default, a fake in tests. */
  baseUrl: string;
  credentials: SmartyCredentials;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The `address` capability through Smarty: verification's `AddressProvider`, and a batch form. */
export interface SmartyAddressProvider {
  readonly name: 'smarty';
  /**
   * One address, by GET; its trace is Smarty's answer text as sent. The business the interface
   * passes is not read: Smarty's `addressee` does not change the delivery-point answer, so no
   * name leaves for it.
   */
  checkAddress(address: SmartyAddress): Promise<SmartyAddressCheck>;
  /**
   * Checks many addresses in as few POSTs as Smarty allows, answering in their order. An address
   * Smarty cannot check (no street line, outside the US) answers its own permanent ProviderError
   * in its place; a failed call fails the whole batch. Each check's trace is its own candidates
   * cut from the answer (as a one-address GET would have answered them), never its neighbours'.
   */
  checkAddresses(addresses: readonly SmartyAddress[]): Promise<Array<SmartyAddressCheck | ProviderError>>;
}

/**
 * Smarty's US Street Address API as the `address` provider (adapter `smarty`): one address as a GET
 * with its query fields, many as POSTs of up to 100 lookups. The secret key pair goes in the query
 * string, as Smarty documents it for server-side keys; no message of ours ever carries it.
 */
export function createSmartyAddressProvider(options: SmartyAddressProviderOptions): SmartyAddressProvider {
  const { auth_id: authId, auth_token: authToken } = options.credentials;
  if (!authId || !authToken) throw new ProviderError('Smarty needs an auth_id and an auth_token', { transient: false });
  const call = createVendorHttp({ vendor: 'Smarty', baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, fetch: options.fetch });
  const auth = { 'auth-id': authId, 'auth-token': authToken };

  async function postBatch(lookups: SmartyLookup[]): Promise<SmartyAddressCheck[]> {
    const answer = await call<unknown>({ method: 'POST', path: SMARTY_STREET_PATH, query: auth, body: lookups });
    // Each check keeps only its own lookup's candidates: a batch's answer holds other businesses' addresses.
    return candidatesByLookup(answer.body, lookups.length, answer.status).map((candidates) => checkOf(candidates, JSON.stringify(candidates)));
  }

  return {
    name: 'smarty',
    async checkAddress(address) {
      const lookup = lookupOf(address);
      const answer = await call<unknown>({ method: 'GET', path: SMARTY_STREET_PATH, query: { ...auth, ...lookup } });
      return checkOf(candidatesByLookup(answer.body, 1, answer.status)[0], answer.text);
    },
    async checkAddresses(addresses) {
      const outcomes: Array<SmartyAddressCheck | ProviderError> = [];
      const sendable: Array<{ at: number; lookup: SmartyLookup }> = [];
      addresses.forEach((address, at) => {
        try {
          sendable.push({ at, lookup: lookupOf(address) });
        } catch (refusal) {
          outcomes[at] = refusal as ProviderError;
        }
      });
      let next = 0;
      for (const batch of batchesOf(sendable.map((s) => s.lookup))) {
        for (const check of await postBatch(batch)) outcomes[sendable[next++].at] = check;
      }
      return outcomes;
    },
  };
}
