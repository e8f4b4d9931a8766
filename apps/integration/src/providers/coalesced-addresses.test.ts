import { ProviderError } from './providers.errors';
import { coalescedAddresses, hasBatchAddresses, type BatchAddressProvider } from './coalesced-addresses';
import { sampleProfile } from '../test-support/business-profile.sample';
import type { PostalAddress } from './verification.providers';

const address = (line1: string): PostalAddress => ({ line1, city: 'Dover', state: 'DE', postalCode: '19901', country: 'US' });
const business = sampleProfile('Acme LLC');

function recorder(failBatch?: Error) {
  const calls: string[][] = [];
  const provider: BatchAddressProvider = {
    name: 'batching',
    async checkAddress(a) {
      calls.push([a.line1]);
      return { deliverable: a.line1 !== 'nowhere' };
    },
    async checkAddresses(list) {
      calls.push(list.map((a) => a.line1));
      if (failBatch) throw failBatch;
      return list.map((a) => (a.line1 === 'abroad' ? new ProviderError('outside the US', { transient: false }) : { deliverable: a.line1 !== 'nowhere' }));
    },
  };
  return { provider, calls };
}

describe('address checks coalesced into batches', () => {
  it('sends the checks asked within its window as one batch call, each answered its own result or error', async () => {
    const { provider, calls } = recorder();
    // A window no loaded machine outlasts: the batch goes when it is full (three), not when a timer fires.
    const coalesced = coalescedAddresses(provider, { maxBatch: 3, windowMs: 60_000 });
    const first = coalesced.checkAddress(address('1 Main St'), business);
    // The others come a few milliseconds later, after reads of their own.
    await new Promise((resolve) => setImmediate(resolve));
    const results = await Promise.allSettled([first, ...['nowhere', 'abroad'].map((line) => coalesced.checkAddress(address(line), business))]);
    expect(calls).toEqual([['1 Main St', 'nowhere', 'abroad']]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.deliverable : (r.reason as Error).message))).toEqual([true, false, 'outside the US']);
  });

  it('sends a check alone as a single check, and splits more than the batch size', async () => {
    const { provider, calls } = recorder();
    const coalesced = coalescedAddresses(provider, { maxBatch: 2, windowMs: 1 });
    await coalesced.checkAddress(address('alone'), business);
    await Promise.all(['a', 'b', 'c'].map((line) => coalesced.checkAddress(address(line), business)));
    expect(calls).toEqual([['alone'], ['a', 'b'], ['c']]);
  });

  it("fails every check of a batch whose call failed with the call's error", async () => {
    const outage = new ProviderError('Smarty failed (HTTP 500)', { transient: true });
    const coalesced = coalescedAddresses(recorder(outage).provider);
    const results = await Promise.allSettled(['a', 'b'].map((line) => coalesced.checkAddress(address(line), business)));
    expect(results).toEqual([{ status: 'rejected', reason: outage }, { status: 'rejected', reason: outage }]);
  });

  it('tells a provider with a batch form from one without', () => {
    expect(hasBatchAddresses(recorder().provider)).toBe(true);
    expect(hasBatchAddresses({ name: 'x', checkAddress: async () => ({ deliverable: true }) })).toBe(false);
  });
});
