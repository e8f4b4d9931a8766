import { createHash } from 'node:crypto';
import { startFakeVendor, type FakeVendor } from '../../test-support/fake-vendor';
import type { FakeTerminatedMerchant } from '../../test-support/fakes/match-pro/match-pro-matching';
import { oauthParamsOf } from '../../test-support/fakes/match-pro/match-pro-oauth';
import { matchProFake } from '../../test-support/fakes/match-pro/match-pro.fake';
import { credentialsOf, matchProTestClient, SAME_MERCHANT, sampleBusiness, SOUND_ALIKE_MERCHANT, unrelatedMerchants } from '../../test-support/fakes/match-pro/match-pro.samples';
import { createMatchProScreeningProvider, type MatchProScreeningOutcome } from './match-pro-screening.provider';

const client = matchProTestClient();
const NONE = { name: 'NONE', address: 'NONE', phone: 'NONE' } as const;
const owners = (first: object = NONE) => [
  { ownerId: 'own-1', firstName: 'David', lastName: 'Smith', ...first },
  { ownerId: 'own-2', firstName: 'Maria', lastName: 'Lopez', ...NONE },
];
const withoutTrace = ({ trace: _trace, ...outcome }: MatchProScreeningOutcome) => outcome;

describe('screening a business with MATCH Pro', () => {
  const fakeOf = (terminated: FakeTerminatedMerchant[]) => matchProFake({ consumers: { [client.consumerKey]: { publicKey: client.publicKey, acquirerIds: ['1996'] } }, terminated });
  let current = fakeOf([]);
  let fake: FakeVendor;
  beforeAll(async () => {
    fake = await startFakeVendor((request) => current.answer(request));
  });
  afterAll(() => fake.close());

  /** A fresh fake list each screening (so references restart), then the screening. */
  async function screen(terminated: FakeTerminatedMerchant[], pageLength?: number) {
    current = fakeOf(terminated);
    const seen = fake.requests.length;
    const provider = createMatchProScreeningProvider({ baseUrl: `${fake.baseUrl}/mcp/match/api`, pageLength });
    const outcome = await provider.screen({ business: sampleBusiness(), icas: ['1996', '5318'], credentials: credentialsOf(client, '1996') });
    return { outcome, requests: fake.requests.slice(seen) };
  }

  it('posts the inquiry signed, reads its results, and calls the same merchant a Match, field by field', async () => {
    const { outcome, requests } = await screen([SAME_MERCHANT, ...unrelatedMerchants(3)]);
    expect(withoutTrace(outcome)).toEqual({
      matchResult: 'Match',
      merchant: {
        name: 'EXACT',
        doingBusinessAs: 'NONE',
        address: 'EXACT',
        phone: 'NONE',
        url: 'EXACT',
        terminatedMerchant: { name: 'BLUEWATER BAIT SHOP LLC', terminationReasonCode: '04', terminationReason: 'Excessive Chargebacks', terminationDate: '2024-03-18', addedByIca: '5318' },
      },
      principals: owners({ name: 'EXACT', address: 'NONE', phone: 'NONE' }),
      icasSearched: ['1996', '5318'],
      providerReference: '199600000001',
    });
    expect(requests.map((r) => `${r.method} ${r.path}?${r.query.toString()}`)).toEqual([
      'POST /mcp/match/api/termination-inquiries?',
      'GET /mcp/match/api/termination-inquiries/199600000001?page_offset=0&page_length=10',
    ]);
  });

  it('sends MATCH Pro the merchant, its first owners and a worldwide search, as JSON with an OAuth 1.0a header', async () => {
    const { requests } = await screen([]);
    const [post, get] = requests;
    expect(JSON.parse(post.body)).toEqual({
      terminationInquiryRequest: {
        acquirerId: '1996',
        merchant: {
          name: 'Bluewater Bait Shop LLC',
          address: { addressLineOne: '42 Elm Avenue', city: 'Saint Louis', countrySubdivision: 'MO', postalCode: '63101', country: 'USA' },
          phoneNumber: '3145550142',
          urls: ['www.bluewaterbait.example'],
          principals: [
            { firstName: 'David', lastName: 'Smith', address: { addressLineOne: '9 Oak Street', city: 'Saint Louis', countrySubdivision: 'MO', postalCode: '63102', country: 'USA' } },
            { firstName: 'Maria', lastName: 'Lopez' },
          ],
          searchCriteria: { searchAll: 'Y', minPossibleMatchCount: '1' },
        },
      },
    });
    expect([post.headers['content-type'], post.headers.accept, get.body]).toEqual(['application/json', 'application/json', '']);
    const params = oauthParamsOf(post.headers.authorization) ?? new Map<string, string>();
    expect([...params.keys()].sort()).toEqual(['oauth_body_hash', 'oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp', 'oauth_version']);
    const bodyHash = createHash('sha256').update(post.body).digest('base64');
    expect(['oauth_consumer_key', 'oauth_signature_method', 'oauth_version', 'oauth_body_hash'].map((name) => params.get(name))).toEqual([client.consumerKey, 'RSA-SHA256', '1.0', bodyHash]);
  });

  it('answers No Match when MATCH lists no merchant like it, with every field NONE', async () => {
    const { outcome } = await screen(unrelatedMerchants(3));
    expect(withoutTrace(outcome)).toEqual({
      matchResult: 'No Match',
      merchant: { name: 'NONE', doingBusinessAs: 'NONE', address: 'NONE', phone: 'NONE', url: 'NONE', terminatedMerchant: null },
      principals: owners(),
      icasSearched: ['1996', '5318'],
      providerReference: '199600000001',
    });
  });

  it('answers Possible Match when the only merchant listed merely sounds like it', async () => {
    const { outcome } = await screen([SOUND_ALIKE_MERCHANT]);
    expect([outcome.matchResult, outcome.merchant, outcome.principals]).toEqual([
      'Possible Match',
      { name: 'PHONETIC', doingBusinessAs: 'NONE', address: 'NONE', phone: 'NONE', url: 'NONE', terminatedMerchant: { name: 'BLUWOTER BAYT SHOPP LLC', terminationReasonCode: '03', terminationReason: 'Laundering', terminationDate: '2022-11-02', addedByIca: '7421' } },
      owners(),
    ]);
  });

  it('among several merchants listed, keeps the one agreeing on most fields, and MATCH order on a tie', async () => {
    expect((await screen([SOUND_ALIKE_MERCHANT, SAME_MERCHANT])).outcome.merchant.terminatedMerchant?.name).toBe('BLUEWATER BAIT SHOP LLC');
    const twin = { ...SOUND_ALIKE_MERCHANT, name: 'BLUEWOTTER BAIT SHOP LLC', addedByAcquirerId: '8800' };
    const { outcome } = await screen([SOUND_ALIKE_MERCHANT, twin]);
    expect([outcome.matchResult, outcome.merchant.terminatedMerchant?.addedByIca]).toEqual(['Possible Match', '7421']);
  });

  it('reads every page, counting the offset in items, and traces each raw answer', async () => {
    const samePhone = Array.from({ length: 23 }, (_, i) => ({ ...unrelatedMerchants(1)[0], name: `QUARTZ OUTLET ${i}`, phoneNumber: '3145550142' }));
    const { outcome, requests } = await screen([...samePhone, SAME_MERCHANT], 10);
    expect(requests.slice(1).map((r) => r.query.toString())).toEqual(['page_offset=0&page_length=10', 'page_offset=10&page_length=10', 'page_offset=20&page_length=10']);
    expect([outcome.matchResult, outcome.merchant.terminatedMerchant?.name]).toEqual(['Match', 'BLUEWATER BAIT SHOP LLC']);
    const raw = JSON.parse(outcome.trace.raw) as string[];
    expect([outcome.trace.adapter, outcome.trace.version, raw.length]).toEqual(['match-pro', 'match-pro', 4]);
    expect(JSON.parse(raw[3]).terminationInquiryResponse.possibleMerchantMatches[0].totalLength).toBe(24);
  });
});
