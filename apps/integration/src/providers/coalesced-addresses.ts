import type { BusinessProfile } from './business-profile';
import type { AddressCheckResult, AddressProvider, PostalAddress } from './verification.providers';

/** An address provider that also checks many addresses in one call (Smarty's POST of up to 100 lookups). */
export interface BatchAddressProvider extends AddressProvider {
  /** Answers in the addresses' order; an address it cannot check answers its own error in its place. */
  checkAddresses(addresses: readonly PostalAddress[]): Promise<Array<AddressCheckResult | Error>>;
}

export const hasBatchAddresses = (provider: AddressProvider): provider is BatchAddressProvider =>
  typeof (provider as Partial<BatchAddressProvider>).checkAddresses === 'function';

interface Waiting {
  address: PostalAddress;
  business: BusinessProfile;
  resolve(result: AddressCheckResult): void;
  reject(err: unknown): void;
}

/** How the checks are gathered: at most `maxBatch` a call, the first of a batch waiting at most `windowMs` for others. */
export interface CoalescingOptions {
  maxBatch?: number;
  windowMs?: number;
}

/**
 * Address checks asked within a few milliseconds of each other (a batch's verifications run side by
 * side, each reaching its address check after its own reads) go to the vendor together: one alone
 * as a single check, more as one batch call of at most `maxBatch` (each a call of the guard:
 * metered, rate limited, retried as one), sent as soon as it is full. A failed batch call fails
 * each of its checks with that error.
 */
export function coalescedAddresses(provider: BatchAddressProvider, options: CoalescingOptions = {}): AddressProvider {
  const maxBatch = options.maxBatch ?? 100;
  const windowMs = options.windowMs ?? 25;
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    const taken = waiting;
    waiting = [];
    if (taken.length > 0) void send(taken);
  }

  async function send(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch;
      await provider.checkAddress(only.address, only.business).then(only.resolve, only.reject);
      return;
    }
    try {
      const outcomes = await provider.checkAddresses(batch.map((w) => w.address));
      batch.forEach((w, i) => {
        const outcome = outcomes[i];
        if (outcome instanceof Error || outcome === undefined) w.reject(outcome ?? new Error('the batch answered fewer checks than it was asked'));
        else w.resolve(outcome);
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }

  return {
    name: provider.name,
    checkAddress(address, business) {
      return new Promise<AddressCheckResult>((resolve, reject) => {
        waiting.push({ address, business, resolve, reject });
        if (waiting.length >= maxBatch) flush();
        else timer ??= setTimeout(flush, windowMs);
      });
    },
  };
}
