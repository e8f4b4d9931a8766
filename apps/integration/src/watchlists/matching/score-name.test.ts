import { scoreName } from './score-name';

const person = (query: string, listed: string) => scoreName(query, listed, { type: 'individual' });
const organisation = (query: string, listed: string) => scoreName(query, listed, { type: 'entity' });

describe('scoreName', () => {
  it('scores "José Müller" against "JOSE MULLER" 1: case and diacritics do not count', () => {
    expect(person('José Müller', 'JOSE MULLER').score).toBe(1);
  });

  it('scores "MULLER, Jose" against "Jose Muller" 1: word order does not count', () => {
    expect(person('Jose Muller', 'MULLER, Jose').score).toBe(1);
  });

  it('scores "Acme Trading LLC" against "ACME TRADING L.L.C." 1: legal forms are set aside', () => {
    const scored = organisation('Acme Trading LLC', 'ACME TRADING L.L.C.');
    expect(scored.score).toBe(1);
    expect(scored.listed.legalForms).toEqual(['llc']);
  });

  it('scores "Mohammed Ali" against "Muhammad ALI" above 0.9, naming the phonetic pair', () => {
    const scored = person('Mohammed Ali', 'ALI, Muhammad');
    expect(scored.score).toBe(0.95);
    expect(scored.matchedTokens).toEqual([
      { query: 'mohammed', candidate: 'muhammad', similarity: 0.925, how: 'phonetic' },
      { query: 'ali', candidate: 'ali', similarity: 1, how: 'exact' },
    ]);
  });

  it('scores a shared first name alone under 0.85 ("John Smith" against "DOE, John")', () => {
    const scored = person('John Smith', 'DOE, John');
    // 4 of 9 query weight agrees; the listed "doe" left over costs half its weight: 4 / (9 + 0.5 x 3).
    expect(scored.score).toBe(0.381);
    expect(scored.score).toBeLessThan(0.85);
  });

  it('charges the listed words left over a quarter of their weight once two words agree', () => {
    // "rustam karimov" (6 + 6) agrees; "aliyevich" (6) is left: 12 / (12 + 0.25 x 6).
    expect(person('Rustam Karimov', 'KARIMOV, Rustam Aliyevich').score).toBe(0.8889);
  });

  it('charges a query word that found no partner its full weight', () => {
    // "rustam karimov" agrees, "petrov" (6) is unpaired in the query: 12 / 18.
    expect(person('Rustam Petrov Karimov', 'KARIMOV, Rustam').score).toBe(0.6667);
  });

  it('counts an initial beside a whole word ("J Smith" and "SMITH, John") and never alone', () => {
    expect(person('J Smith', 'SMITH, John')).toEqual(expect.objectContaining({ score: 0.9333 }));
    expect(person('J S', 'SMITH, John')).toEqual(expect.objectContaining({ score: 0, matchedTokens: [] }));
  });

  it('tells numbered organisations apart: a number weighs as much as a 4-letter word', () => {
    expect(organisation('Baltic Freight 8 LLC', 'BALTIC FREIGHT 7 LLC').score).toBeLessThan(0.75);
    expect(organisation('Baltic Freight 7', 'BALTIC FREIGHT 7 LLC').score).toBe(1);
  });

  it('scores names with nothing in common 0', () => {
    expect(person('Anna Morozova', 'ZHANG, Wei')).toEqual(expect.objectContaining({ score: 0, matchedTokens: [] }));
  });

  it('scores a Cyrillic name against its Latin a.k.a. at or above 0.85', () => {
    expect(person('Каримов Рустам Алиевич', 'KARIMOV, Rustam Aliyevich').score).toBeGreaterThanOrEqual(0.85);
  });
});
