import { compileCheck } from '@kyb/validation';
import { startFakeVendor, type FakeVendor } from '../../test-support/fake-vendor';
import { createOpenSanctionsFake } from '../../test-support/fakes/opensanctions/opensanctions.fake';
import { ProviderError } from '../providers.errors';
import type { WatchlistSubject } from '../watchlist.provider';
import { createOpenSanctionsWatchlistMatcher, OPENSANCTIONS_PRODUCTION_URL, OPENSANCTIONS_SETTINGS, type OpenSanctionsWatchlistOptions } from './opensanctions-watchlist.provider';

const KEY = 'os-live-7f3a9c21';
const owner = (name: string, dateOfBirth: string | null = null, country: string | null = null): WatchlistSubject => ({ role: 'owner', refId: 'own-1', kind: 'person', name, dateOfBirth, country });
const business = (name: string, country: string | null = 'US'): WatchlistSubject => ({ role: 'legal_name', refId: 'biz-1', kind: 'organisation', name, dateOfBirth: null, country });

describe('the OpenSanctions watchlist matcher', () => {
  const vendor = createOpenSanctionsFake({ apiKey: KEY });
  let fake: FakeVendor;
  let now: Date;
  beforeAll(async () => {
    fake = await startFakeVendor(vendor);
  });
  beforeEach(() => {
    fake.requests.length = 0;
    now = new Date('2026-12-02T10:00:00Z');
  });
  afterAll(() => fake.close());

  const matcher = (more: Partial<OpenSanctionsWatchlistOptions> = {}) => createOpenSanctionsWatchlistMatcher({ baseUrl: fake.baseUrl, credentials: { api_key: KEY }, clock: () => now, ...more });
  const screen = (subjects: WatchlistSubject[], threshold = 0.8, more: Partial<OpenSanctionsWatchlistOptions> = {}) => matcher(more).screen(subjects, { threshold });
  const matches = () => fake.requests.filter((r) => r.path.startsWith('/match/'));
  /** What the fake answered to the last match, asked again (the fake keeps no answers). */
  const lastAnswer = () => vendor(matches().at(-1)!).body as { responses: Record<string, { results: Array<{ id: string; score: number; match: boolean }> }> };

  it('is the adapter opensanctions on the production host by default, and needs an api_key and a dataset name', () => {
    expect([matcher().name, OPENSANCTIONS_PRODUCTION_URL]).toEqual(['opensanctions', 'https://api.opensanctions.org']);
    expect(() => matcher({ credentials: { api_key: ' ' } })).toThrow(new ProviderError('OpenSanctions needs an api_key', { transient: false }));
    expect(() => matcher({ dataset: '../admin' })).toThrow('The OpenSanctions dataset must be a dataset name such as sanctions or us_ofac_sdn');
  });

  it('takes as settings only a dataset name, which may be left out', () => {
    const problem = compileCheck(OPENSANCTIONS_SETTINGS, 'body');
    expect([problem({}), problem({ dataset: 'sanctions' }), problem({ dataset: 'us_ofac_sdn' })]).toEqual([null, null, null]);
    expect([problem({ dataset: '../admin' })?.property, problem({ dataset: 'Sanctions' })?.property, problem({ threshold: 0.5 })?.property]).toEqual(['dataset', 'dataset', 'threshold']);
  });

  it('reads the catalog, then posts one query per subject to /match/sanctions with the key, the pinned algorithm, the threshold and the limit', async () => {
    await screen([owner('Boris Quillfeather', '1961-03-14', 'Iran'), business('Crimson Lantern Shipping LLC')]);
    const [catalog, match] = fake.requests;
    expect([catalog.method, catalog.path, catalog.headers.authorization]).toEqual(['GET', '/catalog', `ApiKey ${KEY}`]);
    expect([match.method, match.path, match.query.toString()]).toEqual(['POST', '/match/sanctions', 'algorithm=logic-v2&threshold=0.8&limit=5']);
    expect([match.headers.authorization, match.headers['content-type'], match.headers.accept]).toEqual([`ApiKey ${KEY}`, 'application/json', 'application/json']);
    expect(JSON.parse(match.body)).toEqual({
      queries: {
        q0: { schema: 'Person', properties: { name: ['Boris Quillfeather'], birthDate: ['1961-03-14'], country: ['Iran'] } },
        q1: { schema: 'Company', properties: { name: ['Crimson Lantern Shipping LLC'], country: ['US'] } },
      },
    });
  });

  it('answers a listed person as a candidate: its sanctions list and version, programme, matched name, tokens, evidence and reason', async () => {
    const subject = owner('Boris Quillfeather', '1961-03-14', 'Iran');
    const answer = await screen([subject]);
    expect(answer.results).toEqual([
      {
        subject,
        candidates: [
          {
            list: 'fictional_ofac',
            listVersion: '20261130181500-abc',
            entryId: 'NK-fict0quillfeather',
            entryName: 'Boris QUILLFEATHER',
            entryType: 'individual',
            programs: ['FICT-IRN'],
            matchedName: 'Boris Quillfeather',
            alias: null,
            score: 1,
            matchedTokens: [
              { query: 'boris', candidate: 'boris', similarity: 1, how: 'exact' },
              { query: 'quillfeather', candidate: 'quillfeather', similarity: 1, how: 'exact' },
            ],
            evidence: { dateOfBirth: 'same', country: 'same' },
            reason:
              'OpenSanctions (logic-v2) scored 1.00 for "Boris Quillfeather" against "Boris Quillfeather" on fictional_ofac; features: name_match 1.00 ([2 of 2 name parts in common]); date of birth the same, country the same; topics: sanction.',
          },
        ],
      },
    ]);
    expect(answer.lists).toEqual([
      { list: 'sanctions', version: '20261201060112-qzt', publishedAt: '2026-12-01T06:01:12' },
      { list: 'fictional_ofac', version: '20261130181500-abc', publishedAt: '2026-11-30T18:15:00' },
    ]);
  });

  it('names the alias that matched: a strong a.k.a., a weak one, and a former name', async () => {
    const { results } = await screen([owner('Borys Kvilfeder'), owner('Bo Quill'), business('Red Lamp Maritime LLC')], 0.75);
    const [strong, weak, former] = results.map(({ candidates }) => candidates[0]);
    expect([strong.matchedName, strong.alias, strong.entryName]).toEqual(['Borys Kvilfeder', { id: 'alias:0', kind: 'aka', strength: 'strong' }, 'Boris QUILLFEATHER']);
    expect([weak.matchedName, weak.alias, weak.score]).toEqual(['Bo Quill', { id: 'weakAlias:0', kind: 'aka', strength: 'weak' }, 0.8]);
    expect(weak.reason).toContain('"Bo Quill" (weak aka of "Boris QUILLFEATHER")');
    expect([former.matchedName, former.alias, former.entryType, former.programs]).toEqual(['Red Lamp Maritime LLC', { id: 'previousName:0', kind: 'fka', strength: 'strong' }, 'entity', ['FICT-SDGT', 'Fictional counter-terrorism designations']]);
  });

  it("applies the tenant's threshold itself: the API also returns scores above its cutoff that are not matches", async () => {
    // Dice 0.8 for a three-word name against "Anika Marrowdale": above the cutoff (min(0.7, 0.9)), below 0.9.
    const { results } = await screen([owner('Anika Marrowdale Smith')], 0.9);
    expect(lastAnswer().responses.q0.results.map(({ id, score, match }) => [id, score, match])).toEqual([['NK-fict0marrowdale', 0.8, false]]);
    expect(results[0].candidates).toEqual([]);
    const atThreshold = await screen([owner('Anika Marrowdale Smith')], 0.8);
    expect(atThreshold.results[0].candidates.map(({ entryId, score }) => [entryId, score])).toEqual([['NK-fict0marrowdale', 0.8]]);
  });

  it('reads the evidence the answer gives: a year-only birth date is close, another year different, another country different', async () => {
    const { results } = await screen([owner('Anika Marrowdale', '1978-06-01', 'RU'), owner('Boris Quillfeather', '1962-03-14', 'Germany'), business('Ashen Guild of Traders', 'SY')], 0.3);
    const [close, different, organisation] = results.map(({ candidates }) => candidates[0]);
    expect(close.evidence).toEqual({ dateOfBirth: 'close', country: 'same' });
    expect([different.evidence, different.score]).toEqual([{ dateOfBirth: 'different', country: 'different' }, 0.4]);
    expect(different.reason).toContain('features: name_match 1.00 ([2 of 2 name parts in common]); country_mismatch 1.00 (Different countries: de / ir, ir)');
    expect([organisation.entryType, organisation.list, organisation.evidence]).toEqual(['entity', 'fictional_eu', { dateOfBirth: 'unknown', country: 'unknown' }]);
  });

  it('answers every subject in order, a blank name without asking, and more than 100 subjects in batches of 100', async () => {
    const subjects = [owner('   '), ...Array.from({ length: 100 }, (_, i) => owner(`Nobody Number${i}`)), owner('Boris Quillfeather')];
    const { results } = await screen(subjects);
    expect(results.map(({ subject }) => subject)).toEqual(subjects);
    expect(results.map(({ candidates }) => candidates.length)).toEqual([0, ...Array(100).fill(0), 1]);
    const sent = matches().map((r) => Object.keys((JSON.parse(r.body) as { queries: object }).queries));
    expect([sent.length, sent[0].length, sent[0][0], sent[1]]).toEqual([2, 100, 'q1', ['q101']]);
  });

  it("screens the tenant's dataset: on default, a PEP list's entry is named by that list", async () => {
    const { results, lists } = await screen([owner('Ottilie Brandvik')], 0.8, { dataset: 'default' });
    expect(matches()[0].path).toBe('/match/default');
    expect(results[0].candidates.map(({ list, listVersion, programs }) => [list, listVersion, programs])).toEqual([['fictional_peps', '20261128090000-ghi', []]]);
    expect(lists.map(({ list }) => list)).toEqual(['default', 'fictional_peps']);
  });

  it('reads the catalog once in five minutes, and refuses a dataset it does not list without a billed match', async () => {
    const kept = matcher();
    await kept.screen([owner('Boris Quillfeather')], { threshold: 0.8 });
    now = new Date(now.getTime() + 299_000);
    await kept.screen([owner('Boris Quillfeather')], { threshold: 0.8 });
    now = new Date(now.getTime() + 2_000);
    await kept.screen([owner('Boris Quillfeather')], { threshold: 0.8 });
    expect(fake.requests.map((r) => r.path)).toEqual(['/catalog', '/match/sanctions', '/match/sanctions', '/catalog', '/match/sanctions']);
    fake.requests.length = 0;
    await expect(screen([owner('Boris Quillfeather')], 0.8, { dataset: 'eu_fsf' })).rejects.toEqual(new ProviderError('OpenSanctions has no dataset "eu_fsf"', { transient: false }));
    expect(matches()).toEqual([]);
  });
});
