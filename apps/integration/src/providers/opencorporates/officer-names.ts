/*
 * OpenCorporates gives an officer's name as one string, as the registry wrote it: "JOHN A SMITH",
 * "SMITH, JOHN A", "John Smith Jr." or a company ("CORPORATION SERVICE COMPANY"). We split it
 * into the first given name and the surname, keeping the registry's spelling and case:
 * - "Last, Given Middle" (a comma after the first part) reads the part before the comma as the surname;
 * - otherwise the last word is the surname, with a particle before it ("van Dyke", "de la Cruz");
 * - middle names and initials are dropped, and so are generational and professional suffixes
 *   (Jr, Sr, II, III, IV, MD, PhD, Esq, CPA), since officers are compared by first and last name;
 * - a single word is a surname without a given name;
 * - a company (a legal-form word in the name) keeps its whole name as the surname, no given name,
 *   so it never matches a person.
 * A multi-word surname without a particle ("Garcia Lopez") cannot be told from a middle name: the
 * last word is taken.
 */
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'md', 'phd', 'esq', 'cpa']);
const PARTICLES = new Set(['da', 'de', 'del', 'della', 'der', 'di', 'du', 'la', 'le', 'van', 'von', 'st']);
const COMPANY_WORDS = new Set(['llc', 'inc', 'incorporated', 'corp', 'corporation', 'company', 'co', 'ltd', 'limited', 'lp', 'llp', 'pllc', 'trust', 'bank']);

const bare = (word: string) => word.toLowerCase().replace(/[^a-z0-9]/g, '');
const wordsOf = (text: string) => text.split(' ').map((w) => w.replace(/[,;]+$/, '')).filter((w) => bare(w) !== '');
const withoutSuffixes = (words: string[]) => words.filter((w) => !SUFFIXES.has(bare(w)));

/** A person's (or company's) name as a filing officer's first and last name. */
export function officerNameOf(registryName: string): { firstName: string; lastName: string } {
  const name = registryName.trim().replace(/\s+/g, ' ');
  if (name.split(/[\s,]+/).some((w) => COMPANY_WORDS.has(bare(w)))) return { firstName: '', lastName: name };
  const comma = name.indexOf(',');
  if (comma > 0) {
    const surname = withoutSuffixes(wordsOf(name.slice(0, comma)));
    const given = withoutSuffixes(wordsOf(name.slice(comma + 1)));
    if (surname.length > 0 && given.length > 0) return { firstName: given[0], lastName: surname.join(' ') };
  }
  const words = withoutSuffixes(wordsOf(name));
  if (words.length <= 1) return { firstName: '', lastName: words[0] ?? name };
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(bare(words[start - 1]))) start -= 1;
  return { firstName: words[0], lastName: words.slice(start).join(' ') };
}
