/*
 * The words of a legal form, set aside when entity names are compared ("Acme Trading" and
 * "ACME TRADING, L.L.C." are one name) and kept beside the hit as evidence. They are written as
 * normaliseName leaves them: lower case, dotted abbreviations joined ("S.A. de C.V." -> "sa de cv").
 *
 * providers/comparable-name.ts keeps a shorter, US-only list (with the single letters of a split
 * "L.L.C."), private to that file; sanctions lists name companies of every jurisdiction, so this list
 * is a superset of it rather than an import of it.
 */

/** Legal forms of one word: US/UK, EU, Latin America (Venezuela's C.A., Compañía), Russia/CIS, the Gulf, Asia. */
const SINGLE_WORD_FORMS = [
  // US, UK, Commonwealth
  'llc', 'ltd', 'limited', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'plc', 'llp', 'lp', 'pllc', 'pc', 'pty', 'pvt', 'pte', 'bhd', 'sdn',
  // Germany, Austria, Switzerland, Netherlands, Belgium, Nordics
  'gmbh', 'ag', 'kg', 'ohg', 'ug', 'ev', 'bv', 'nv', 'bvba', 'sprl', 'ab', 'oy', 'oyj', 'as', 'asa', 'aps',
  // France, Italy, Spain, Portugal, Latin America
  'sa', 'sas', 'sarl', 'eurl', 'srl', 'spa', 'sl', 'slu', 'lda', 'ltda', 'sac', 'saa', 'eirl', 'sapi', 'ca', 'cia',
  // Russia and the CIS (transliterated: ООО -> ooo, ЗАО -> zao, ...), Central Europe
  'ooo', 'zao', 'oao', 'pao', 'ao', 'pjsc', 'ojsc', 'cjsc', 'jsc', 'tov', 'too', 'kft', 'zrt', 'nyrt', 'doo', 'sro',
  // Gulf and free zones, Turkey, Asia
  'fze', 'fzco', 'fzc', 'fzllc', 'wll', 'bsc', 'saog', 'saoc', 'sal', 'sae', 'kk', 'tbk', 'jv',
];

/** Legal forms of several words, tried before single words (longest first). */
const MULTI_WORD_FORMS = [
  'public joint stock company', 'closed joint stock company', 'open joint stock company', 'joint stock company',
  'limited liability company', 'limited liability partnership', 'private limited company', 'public limited company',
  's de rl de cv', 'sa de cv', 'sapi de cv', 's de rl', 'sp z oo', 'sdn bhd', 'pte ltd', 'pvt ltd', 'co ltd', 'private limited',
  // Chinese company names transliterate character by character: 有限公司 -> "you xian gong si".
  'gu fen you xian gong si', 'you xian ze ren gong si', 'you xian gong si', 'gong si',
].map((form) => form.split(' '));

/** Every legal form this matcher knows, as documented in docs/guides/watchlist-matching.md. */
export const LEGAL_FORMS: readonly string[] = [...MULTI_WORD_FORMS.map((words) => words.join(' ')), ...SINGLE_WORD_FORMS];

const SINGLE = new Set(SINGLE_WORD_FORMS);
const MULTI = [...MULTI_WORD_FORMS].sort((a, b) => b.length - a.length);

function multiWordFormAt(tokens: string[], start: number): string[] | undefined {
  return MULTI.find((words) => words.every((word, offset) => tokens[start + offset] === word));
}

/**
 * Splits normalised tokens into the name and its legal-form words. An entity named only by
 * legal-form words ("Limited") keeps them as its name, so no name becomes empty.
 */
export function separateLegalForms(tokens: string[]): { name: string[]; legalForms: string[] } {
  const name: string[] = [];
  const legalForms: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const words = multiWordFormAt(tokens, i);
    if (words) {
      legalForms.push(words.join(' '));
      i += words.length;
    } else if (SINGLE.has(tokens[i])) {
      legalForms.push(tokens[i]);
      i += 1;
    } else {
      name.push(tokens[i]);
      i += 1;
    }
  }
  return name.length === 0 ? { name: tokens, legalForms: [] } : { name, legalForms };
}
