import { ProviderError } from '../providers.errors';
import { VendorCallError } from '../vendor-http';
import type { SmartyCandidate, SmartyLookup } from './smarty-street.api';
import { batchesOf, candidatesByLookup, checkOf, lookupOf } from './smarty-street.mapping';

const address = { line1: ' 1201 N Orange St ', city: 'Wilmington', state: 'DE', postalCode: '19801', country: 'US' };
const candidate = (analysis: SmartyCandidate['analysis'], rdi?: string): SmartyCandidate => ({ input_index: 0, candidate_index: 0, metadata: rdi === undefined ? {} : { rdi }, analysis });
const trace = { adapter: 'smarty', version: 'us-street-api', raw: '[]' };

describe('the Smarty lookup of an address', () => {
  it('sends the street line, city, state and ZIP Code, strict matching, and room for a second candidate', () => {
    expect(lookupOf(address)).toEqual({ street: '1201 N Orange St', city: 'Wilmington', state: 'DE', zipcode: '19801', candidates: 2, match: 'strict' });
  });

  it('leaves out the fields the address does not have, and takes an address without a country as American', () => {
    expect(lookupOf({ line1: '1201 N Orange St', city: ' ', state: null, postalCode: '19801', country: null })).toEqual({ street: '1201 N Orange St', zipcode: '19801', candidates: 2, match: 'strict' });
    expect(lookupOf({ ...address, country: 'Puerto Rico' }).street).toBe('1201 N Orange St');
  });

  it('refuses for good an address outside the United States, or without a street line, without naming it', () => {
    const refusal = (a: typeof address) => {
      try {
        return lookupOf(a);
      } catch (err) {
        return [err instanceof ProviderError, (err as ProviderError).transient, (err as Error).message];
      }
    };
    expect(refusal({ ...address, country: 'CA' })).toEqual([true, false, 'Smarty checks United States addresses only']);
    expect(refusal({ ...address, line1: '  ' })).toEqual([true, false, 'Smarty cannot check an address without a street line']);
  });
});

describe('a Smarty answer read as an address check', () => {
  it('calls Y, S and D deliverable, as Smarty calls them valid, keeping the code', () => {
    for (const code of ['Y', 'S', 'D']) {
      expect(checkOf([candidate({ dpv_match_code: code, dpv_cmra: 'N', dpv_vacant: 'N' }, 'Commercial')], '[]')).toEqual({
        deliverable: true,
        dpvMatch: code,
        residential: false,
        cmra: false,
        vacant: false,
        trace,
      });
    }
  });

  it('calls N and a blank code (not submitted to DPV) undeliverable', () => {
    expect(checkOf([candidate({ dpv_match_code: 'N' }, 'Residential')], '[]')).toEqual({ deliverable: false, dpvMatch: 'N', residential: true, cmra: null, vacant: null, trace });
    expect(checkOf([candidate({ dpv_match_code: '' })], '[]')).toEqual({ deliverable: false, dpvMatch: null, residential: null, cmra: null, vacant: null, trace });
  });

  it('reads a mailbox store and a vacant delivery point from their flags', () => {
    expect(checkOf([candidate({ dpv_match_code: 'Y', dpv_cmra: 'Y', dpv_vacant: 'Y' })], '[]')).toMatchObject({ deliverable: true, cmra: true, vacant: true, residential: null });
  });

  it('calls no candidate, and several (an ambiguous input), undeliverable with nothing else known', () => {
    const none = { deliverable: false, dpvMatch: null, residential: null, cmra: null, vacant: null, trace };
    expect(checkOf([], '[]')).toEqual(none);
    expect(checkOf([candidate({ dpv_match_code: 'Y' }), { ...candidate({ dpv_match_code: 'Y' }), candidate_index: 1 }], '[]')).toEqual(none);
  });

  it('groups candidates by their lookup, and fails transient a body that is not a list of candidates', () => {
    const second = { ...candidate({ dpv_match_code: 'Y' }), input_index: 2 };
    expect(candidatesByLookup([second], 3, 200)).toEqual([[], [], [second]]);
    for (const body of [{}, null, [{ input_index: 3 }], ['x'], [{ input_index: '0' }]]) {
      let err: unknown;
      try {
        candidatesByLookup(body, 3, 200);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(VendorCallError);
      expect([(err as VendorCallError).message, (err as VendorCallError).transient]).toEqual(['Smarty answered a body that is not a list of candidates (HTTP 200)', true]);
    }
  });
});

describe('lookups in POST batches', () => {
  const lookup = (street: string): SmartyLookup => ({ street, candidates: 2, match: 'strict' });

  it('holds at most 100 lookups a batch, in order', () => {
    const lookups = Array.from({ length: 205 }, (_, i) => lookup(`${i} Main St`));
    const batches = batchesOf(lookups);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 5]);
    expect(batches.flat()).toEqual(lookups);
  });

  it('keeps every batch body within 16,384 bytes', () => {
    const lookups = Array.from({ length: 60 }, (_, i) => lookup(`${i} ${'Long Street Name '.repeat(18)}`));
    const batches = batchesOf(lookups);
    expect(batches.map((b) => b.length)).toEqual([46, 14]);
    expect(batches.map((b) => Buffer.byteLength(JSON.stringify(b)) <= 16_384)).toEqual([true, true]);
    expect(Buffer.byteLength(JSON.stringify([...batches[0], batches[1][0]]))).toBeGreaterThan(16_384);
  });

  it('makes no batch of no lookups', () => {
    expect(batchesOf([])).toEqual([]);
  });
});
