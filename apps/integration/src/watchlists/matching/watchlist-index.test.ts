import type { WatchlistSubject } from '../../providers/watchlist.provider';
import type { IndexedList } from './listed-names';
import { fixtureLists } from './test-support/fixture-lists';
import { createWatchlistIndex, type WatchlistIndex } from './watchlist-index';

const person = (name: string, more: Partial<WatchlistSubject> = {}): WatchlistSubject => ({ role: 'owner', refId: 'owner-1', kind: 'person', name, dateOfBirth: null, country: null, ...more });
const organisation = (name: string): WatchlistSubject => ({ role: 'legal_name', refId: 'business-1', kind: 'organisation', name, dateOfBirth: null, country: 'US' });

let lists: IndexedList[];
let index: WatchlistIndex;

beforeAll(async () => {
  lists = await fixtureLists();
  index = createWatchlistIndex(lists);
});

const screenOne = (subject: WatchlistSubject, threshold = 0.85) => index.screen([subject], { threshold }).results[0].candidates;

describe('createWatchlistIndex over the OFAC fixtures', () => {
  it('answers per subject in the order asked, and names the lists and versions screened', () => {
    const answer = index.screen([organisation('Silk Corridor Trading LLC'), person('Reza Taheri')], { threshold: 0.85 });
    expect(answer.lists).toEqual([
      { list: 'ofac-sdn', version: 'sdn-fixture', publishedAt: '2026-12-04T00:00:00.000Z' },
      { list: 'ofac-consolidated', version: 'cons-fixture', publishedAt: null },
    ]);
    expect(answer.results.map((r) => [r.subject.name, r.candidates.map((c) => c.entryId)])).toEqual([
      ['Silk Corridor Trading LLC', ['90002']],
      ['Reza Taheri', ['90017']],
    ]);
  });

  it('finds "ACME"-style legal-form variants: "Silk Corridor Trade, L.L.C." matches the a.k.a. exactly', () => {
    const [candidate] = screenOne(organisation('Silk Corridor Trade L.L.C.'));
    expect(candidate).toEqual(expect.objectContaining({ entryId: '90002', matchedName: 'SILK CORRIDOR TRADE, L.L.C.', alias: { id: '70003', kind: 'aka', strength: 'strong' }, score: 1 }));
  });

  it('finds an owner written in Cyrillic through the Latin names of the entry, and a Latin owner through a Cyrillic a.k.a.', () => {
    expect(screenOne(person('Каримов Рустам'))[0]).toEqual(expect.objectContaining({ entryId: '90001', matchedName: 'KARIMOV, Rustam', score: 1 }));
    // "Alievich" is how the Cyrillic a.k.a. transliterates; the Latin primary name spells it "Aliyevich".
    const [latin] = screenOne(person('Rustam Alievich Karimov'));
    expect(latin).toEqual(expect.objectContaining({ entryId: '90001', matchedName: 'Каримов Рустам Алиевич', alias: { id: '900015', kind: 'aka', strength: 'strong' }, score: 1 }));
  });

  it('finds an owner whose name is spelt another way ("Fares Al-Hashemi") and shows the phonetic pairs', () => {
    const [candidate] = screenOne(person('Fares Al-Hashemi'));
    expect(candidate.entryId).toBe('90005');
    expect(candidate.matchedTokens.map((t) => t.how).sort()).toEqual(['exact', 'exact', 'exact']);
    const [respelt] = screenOne(person('Faris Al Hashemy'));
    expect(respelt.entryId).toBe('90005');
    expect(respelt.matchedTokens.some((t) => t.how === 'phonetic')).toBe(true);
  });

  it('does not answer a shared first name alone at 0.85 ("Rustam Smith")', () => {
    expect(screenOne(person('Rustam Smith'))).toEqual([]);
  });

  it('lowers the score for a different date of birth and raises it for the same one', () => {
    const same = screenOne(person('Rustam Karimov Aliyevich', { dateOfBirth: '1968-03-14' }))[0];
    const unknown = screenOne(person('Rustam Karimov Aliyevich'))[0];
    const different = screenOne(person('Rustam Karimov Aliyevich', { dateOfBirth: '1990-07-01' }))[0];
    expect([same.score, unknown.score, different.score]).toEqual([1, 1, 0.9]);
    expect([same.evidence.dateOfBirth, unknown.evidence.dateOfBirth, different.evidence.dateOfBirth]).toEqual(['same', 'unknown', 'different']);
    expect(different.reason).toContain('date of birth different from the published 1968-03-14, 1966 (-0.10)');
  });

  it('drops a near name whose evidence disagrees below the threshold, but never lifts a name under it', () => {
    const near = person('Chidi Okonkwo', { dateOfBirth: '1960-01-05', country: 'Nigeria' });
    expect(screenOne(near, 0.9)[0]).toEqual(expect.objectContaining({ entryId: '90013', evidence: { dateOfBirth: 'same', country: 'same' } }));
    // "nnamdi" (6) finds no partner: 11 / (17 + 0.25 x 1) = 0.6377 against "OKONKWO, Chidi E."; the evidence would add 0.08.
    const under = person('Okonkwo Chidi Nnamdi', { dateOfBirth: '1960-01-05', country: 'NG' });
    expect(screenOne(under, 0.6)[0]).toEqual(expect.objectContaining({ entryId: '90013', score: 0.7177 }));
    expect(screenOne(under, 0.7)).toEqual([]);
    const differing = person('Karimov Rustam', { dateOfBirth: '1990-01-01', country: 'US' });
    expect(screenOne(differing, 0.9)).toEqual([]);
    expect(screenOne(differing, 0.85)[0].score).toBe(0.85);
  });

  it('screens weak a.k.a.s at 0.9 of their name score and marks them weak', () => {
    const [candidate] = screenOne(organisation('SCT'));
    expect(candidate).toEqual(expect.objectContaining({ entryId: '90002', matchedName: 'SCT', alias: { id: '900021', kind: 'aka', strength: 'weak' }, score: 0.9 }));
    expect(candidate.reason).toContain('weak a.k.a. "SCT"');
    expect(candidate.reason).toContain('a weak alias counts 0.90 of it');
    expect(screenOne(organisation('SCT'), 0.95)).toEqual([]);
  });

  it('prefers the primary name to an alias of equal score', () => {
    expect(screenOne(person('Reza Taheri'))[0]).toEqual(expect.objectContaining({ matchedName: 'TAHERI, Reza', alias: null }));
  });

  it('never compares an organisation with an individual, nor a person with an entity, a vessel or an aircraft', () => {
    expect(screenOne(organisation('Karimov Rustam Aliyevich LLC'), 0.5)).toEqual([]);
    expect(screenOne(person('Silk Corridor Trading'), 0.5)).toEqual([]);
    expect(screenOne(person('Ocean Amber'), 0.5)).toEqual([]);
    expect(screenOne(organisation('Ocean Amber Shipping'), 0.5).map((c) => [c.entryId, c.entryType])).toEqual([['90003', 'vessel']]);
  });

  it('answers no candidate under the threshold, at every threshold', () => {
    const subjects = [person('Rustam Petrov Karimov'), person('Maria Rivera'), person('Wei Zhang'), organisation('Neva River Holding'), organisation('Baltic Freight 8 LLC')];
    for (const threshold of [0.5, 0.7, 0.85, 0.95]) {
      for (const { candidates } of index.screen(subjects, { threshold }).results) {
        for (const candidate of candidates) expect({ threshold, score: candidate.score, above: candidate.score >= threshold }).toEqual({ threshold, score: candidate.score, above: true });
      }
    }
    expect(screenOne(person('Rustam Petrov Karimov'), 0.85)).toEqual([]);
    expect(screenOne(person('Rustam Petrov Karimov'), 0.6)[0]).toEqual(expect.objectContaining({ entryId: '90001', score: 0.6667 }));
  });

  it('says in its reason which list and version, which entry and alias, the words that agreed and the evidence', () => {
    const [candidate] = screenOne(person('Rustam Karimov', { dateOfBirth: '1968-03-14', country: 'UZ' }));
    expect(candidate.reason).toBe(
      '"Rustam Karimov" matched the a.k.a. "KARIMOV, Rustam" (alias 70001) of entry 90001 "KARIMOV, Rustam Aliyevich" (SDGT, IFSR) on ofac-sdn version sdn-fixture; ' +
        '2 of 2 words agreed (rustam = rustam; karimov = karimov); name score 1.0000; date of birth the same as the published 1968-03-14, 1966 (+0.05); ' +
        'country among those the entry names (Uzbekistan, Russia) (+0.03); score 1.0000.',
    );
    const [organisationHit] = screenOne(organisation('Dandong Bright River Import & Export Co Ltd'));
    expect(organisationHit.reason).toBe(
      '"Dandong Bright River Import & Export Co Ltd" matched the name "DANDONG BRIGHT RIVER IMPORT AND EXPORT CO., LTD." of entry 90007 (DPRK3) on ofac-sdn version sdn-fixture; ' +
        '5 of 5 words agreed (dandong = dandong; bright = bright; import = import; export = export; river = river); legal forms set aside: co ltd given, co ltd listed; name score 1.0000; score 1.0000.',
    );
  });

  it('names the script of a non-Latin a.k.a. in the reason', () => {
    const [candidate] = screenOne(person('Rustam Alievich Karimov'));
    expect(candidate.reason).toContain('matched the a.k.a. "Каримов Рустам Алиевич" (alias 900015, Cyrillic script) of entry 90001');
  });

  it('answers candidates from the list they are on, with that list\'s version', () => {
    const [candidate] = screenOne(person('Samir Halaby'));
    expect(candidate).toEqual(expect.objectContaining({ list: 'ofac-consolidated', listVersion: 'cons-fixture', entryId: '95001', matchedName: 'HALABY, Samir' }));
  });

  it('looks an entry up by list and id', () => {
    expect(index.entry('ofac-consolidated', '95001')?.name).toBe('HALABI, Samir Adnan');
    expect(index.entry('ofac-sdn', '95001')).toBeUndefined();
  });

  it('answers nothing for a name with no words, and refuses a threshold outside 0..1', () => {
    expect(screenOne(person(' - '))).toEqual([]);
    expect(() => index.screen([person('Reza Taheri')], { threshold: 1.5 })).toThrow(RangeError);
  });
});
