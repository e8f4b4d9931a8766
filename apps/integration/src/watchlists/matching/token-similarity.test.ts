import { indexKeys, probeKeys, tokenFeatures, tokenSimilarity } from './token-similarity';

const similarity = (a: string, b: string) => tokenSimilarity(tokenFeatures(a), tokenFeatures(b));

describe('tokenSimilarity', () => {
  it('gives equal tokens 1, exact', () => {
    expect(similarity('karimov', 'karimov')).toEqual({ similarity: 1, how: 'exact' });
  });

  it('hears "mohammed" and "muhammad" alike: phonetic, half way from their Jaro-Winkler to 1', () => {
    const match = similarity('mohammed', 'muhammad');
    expect(match?.how).toBe('phonetic');
    expect(match?.similarity).toBeCloseTo(0.925, 3);
  });

  it('hears "karimov" and "qarimov" alike (K and Q share a Double Metaphone code)', () => {
    expect(similarity('karimov', 'qarimov')?.how).toBe('phonetic');
  });

  it('matches an unvocalised transliteration by its consonants ("hshmy" for hashimi)', () => {
    expect(similarity('hshmy', 'hashimi')?.how).toBe('phonetic');
    expect(similarity('nbyl', 'nabil')?.how).toBe('phonetic');
  });

  it('takes a typo (two letters swapped) for Jaro-Winkler when the sound differs', () => {
    expect(similarity('freight', 'frieght')).toEqual({ similarity: expect.closeTo(0.962, 3), how: 'jaro-winkler' });
  });

  it('prefers the phonetic pass when a typo also sounds the same ("okonkwo" and "okonkwu")', () => {
    expect(similarity('okonkwo', 'okonkwu')?.how).toBe('phonetic');
  });

  it('does not match names that only share a code but are spelt far apart ("jon" and "jane")', () => {
    expect(similarity('jon', 'jane')).toBeNull();
    expect(similarity('ali', 'eli')).toBeNull();
  });

  it('takes a single letter for the initial of a word it starts with, at 0.6', () => {
    expect(similarity('e', 'emmanuel')).toEqual({ similarity: 0.6, how: 'initial' });
    expect(similarity('emmanuel', 'e')).toEqual({ similarity: 0.6, how: 'initial' });
    expect(similarity('e', 'chidi')).toBeNull();
  });

  it('matches numbers and other short tokens only exactly', () => {
    expect(similarity('7', '7')?.how).toBe('exact');
    expect(similarity('7', '8')).toBeNull();
    expect(similarity('2019', '2018')).toBeNull();
    expect(similarity('al', 'el')).toBeNull();
  });

  it('does not match different names of similar shape ("ivanov" and "smirnov")', () => {
    expect(similarity('ivanov', 'smirnov')).toBeNull();
  });
});

/** Every token of `words` with each letter deleted, each vowel changed, and each pair of neighbours swapped. */
function variantsOf(words: readonly string[]): string[] {
  const out = new Set<string>(words);
  for (const word of words) {
    for (let i = 0; i < word.length; i += 1) {
      out.add(word.slice(0, i) + word.slice(i + 1));
      for (const vowel of 'aiy') out.add(word.slice(0, i) + vowel + word.slice(i + 1));
      if (i + 1 < word.length) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    }
    out.add(word[0]);
  }
  return [...out].filter((token) => token.length > 0);
}

describe('the keys of matching tokens', () => {
  const WORDS = ['mohammed', 'muhammad', 'karimov', 'rustam', 'hashimi', 'hshmy', 'nbyl', 'faris', 'frs', 'ali', 'zhang', 'wei', 'maria', 'jose', 'muller', 'mueller', 'okonkwo', 'emmanuel', 'petrov', 'dmitriy', 'yevgeniy', 'evgeni', 'freight', 'baltic', 'thry', 'taheri', '7'];
  const tokens = variantsOf(WORDS).map(tokenFeatures);

  it('every pair of tokens that match shares a key a query looks up and a listed name is filed under, unless the query is an initial', () => {
    const unfound: string[] = [];
    let matching = 0;
    for (const query of tokens) {
      const probes = new Set(probeKeys(query));
      for (const listed of tokens) {
        if (!tokenSimilarity(query, listed)) continue;
        matching += 1;
        const queryInitial = query.text.length === 1 && listed.text.length > 1;
        if (!queryInitial && !indexKeys(listed).some((key) => probes.has(key))) unfound.push(`${query.text}/${listed.text}`);
      }
    }
    expect(unfound).toEqual([]);
    // The vocabulary exercises the passes: thousands of matching pairs, not a handful.
    expect(matching).toBeGreaterThan(5000);
  });
});
