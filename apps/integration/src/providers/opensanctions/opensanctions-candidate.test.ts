import type { WatchlistSubject } from '../watchlist.provider';
import type { OpenSanctionsResult } from './opensanctions.api';
import { candidateOf, matchedNameOf, type CandidateContext } from './opensanctions-candidate';
import { evidenceOf, matchedTokensOf } from './opensanctions-evidence';

const subject: WatchlistSubject = { role: 'owner', refId: 'own-1', kind: 'person', name: 'J Halvorsen', dateOfBirth: null, country: null };
const context = (more: Partial<CandidateContext> = {}): CandidateContext => ({
  subject,
  askedProperties: { name: ['J Halvorsen'] },
  algorithm: 'logic-v2',
  listedIn: () => ({ list: 'sanctions', listVersion: '20261201060112-qzt' }),
  ...more,
});
const result = (more: Partial<OpenSanctionsResult>): OpenSanctionsResult => ({ id: 'NK-x', caption: 'X', schema: 'LegalEntity', properties: {}, score: 0.9, match: true, explanations: {}, ...more });

describe('an OpenSanctions result as a watchlist candidate', () => {
  it('is an individual, a vessel, an aircraft, or else an entity, by its FtM schema', () => {
    const typeOf = (schema: string) => candidateOf(result({ schema }), context()).entryType;
    expect(['Person', 'Vessel', 'Airplane', 'Company', 'Organization', 'LegalEntity', 'PublicBody'].map(typeOf)).toEqual(['individual', 'vessel', 'aircraft', 'entity', 'entity', 'entity', 'entity']);
  });

  it('takes the matched name from the feature that names one of its names, else the name sharing most words, else the caption', () => {
    const properties = { name: ['Jonas Halvorsen'], alias: ['Jon Halvorssen'], sanctions: [{ id: 'san-1', schema: 'Sanction' }] };
    const named = result({ properties, explanations: { name_match: { score: 0.91, detail: 'fuzzy', query: 'J Halvorsen', candidate: 'jon halvorssen' }, weak_alias_match: { score: 0.5, detail: null, query: 'J', candidate: 'Someone Else' } } });
    expect(matchedNameOf(named, 'J Halvorsen')).toBe('Jon Halvorssen');
    expect(matchedNameOf(result({ properties }), 'J Halvorsen')).toBe('Jonas Halvorsen');
    expect(matchedNameOf(result({ properties: { name: ['Ивар Хальворсен'] }, caption: 'Ivar HALVORSEN' }), 'J Halvorsen')).toBe('Ivar HALVORSEN');
  });

  it('pairs the words that agree, an initial at half weight', () => {
    expect(matchedTokensOf('J Halvorsen', 'Jonas HALVORSEN')).toEqual([
      { query: 'j', candidate: 'jonas', similarity: 0.5, how: 'initial' },
      { query: 'halvorsen', candidate: 'halvorsen', similarity: 1, how: 'exact' },
    ]);
    expect(matchedTokensOf('Zoë Ølberg', 'Zoe Olberg')).toEqual([{ query: 'zoe', candidate: 'zoe', similarity: 1, how: 'exact' }]);
  });

  it('reads programmes from programId and program, once each, skipping nested entities', () => {
    const listed = result({ properties: { programId: ['FICT-1', 'FICT-1'], program: ['Fictional programme', { id: 'p', schema: 'Sanction' }] } });
    expect(candidateOf(listed, context()).programs).toEqual(['FICT-1', 'Fictional programme']);
  });

  it('compares birth dates by day, then by year (a year-only listing, or day and month swapped), and says unknown without both', () => {
    const dob = (asked: string | null, listed: string[]) => evidenceOf({ kind: 'person', dateOfBirth: asked, askedProperties: {}, listedProperties: { birthDate: listed } }).dateOfBirth;
    expect([dob('1970-04-05', ['1970-04-05']), dob('1970-04-05', ['1970']), dob('1970-04-05', ['1970-05-04']), dob('1970-04-05', ['1970-06-07']), dob('1970-04-05', ['1971'])]).toEqual([
      'same',
      'close',
      'close',
      'different',
      'different',
    ]);
    expect([dob(null, ['1970']), dob('1970-04-05', [])]).toEqual(['unknown', 'unknown']);
  });

  it("compares the query's cleaned country codes with every country property of the entry, and an organisation's not at all", () => {
    const country = (asked: Record<string, unknown>, listed: Record<string, unknown>, kind: 'person' | 'organisation' = 'person') => evidenceOf({ kind, dateOfBirth: null, askedProperties: asked, listedProperties: listed }).country;
    expect(country({ country: ['ir'] }, { citizenship: ['IR'] })).toBe('same');
    expect(country({ country: ['de'] }, { nationality: ['ir'], birthCountry: ['sy'] })).toBe('different');
    expect([country({}, { country: ['ir'] }), country({ country: ['ir'] }, {})]).toEqual(['unknown', 'unknown']);
    expect(country({ country: ['ir'] }, { country: ['ir'] }, 'organisation')).toBe('unknown');
  });

  it('says in the reason the features the API gave, best first, leaving out those that scored nothing', () => {
    const scored = result({
      schema: 'Person',
      caption: 'Jonas HALVORSEN',
      properties: { name: ['Jonas Halvorsen'], topics: ['sanction', 'crime'] },
      score: 0.72,
      explanations: { dob_day_disjoint: { score: 0, detail: 'No birth dates provided' }, name_match: { score: 0.72, detail: null, query: 'J Halvorsen', candidate: 'Jonas Halvorsen' } },
    });
    expect(candidateOf(scored, context({ algorithm: 'ofac' })).reason).toBe(
      'OpenSanctions (ofac) scored 0.72 for "J Halvorsen" against "Jonas Halvorsen" on sanctions; features: name_match 0.72; date of birth not compared, country not compared; topics: sanction, crime.',
    );
  });
});
