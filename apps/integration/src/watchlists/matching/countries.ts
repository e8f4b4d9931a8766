/*
 * Countries as the evidence compares them: an owner's country arrives as ISO 3166 alpha-2 ("US")
 * or a name ("United States"); OFAC publishes names in its own forms ("Korea, North", "Burma",
 * "Congo, Democratic Republic of the"). Both sides become an alpha-2 code where one is known.
 * English names come from the ICU data Node ships (Intl.DisplayNames), so no country table is kept
 * here beyond OFAC's and everyday forms ICU does not use.
 */

/** Names ICU does not give (OFAC's inverted forms, former and everyday names) and their codes. */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  'korea north': 'KP',
  'korea south': 'KR',
  'korea democratic peoples republic of': 'KP',
  'korea republic of': 'KR',
  burma: 'MM',
  'congo democratic republic of the': 'CD',
  'congo republic of the': 'CG',
  'democratic republic of the congo': 'CD',
  'west bank': 'PS',
  gaza: 'PS',
  'gaza strip': 'PS',
  palestine: 'PS',
  'russian federation': 'RU',
  turkey: 'TR',
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  macedonia: 'MK',
  'the former yugoslav republic of macedonia': 'MK',
  'cape verde': 'CV',
  swaziland: 'SZ',
  'east timor': 'TL',
  'holy see': 'VA',
  'vatican city': 'VA',
  macau: 'MO',
  'hong kong': 'HK',
  usa: 'US',
  'united states of america': 'US',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  uae: 'AE',
  'iran islamic republic of': 'IR',
  'syrian arab republic': 'SY',
  'lao peoples democratic republic': 'LA',
  'viet nam': 'VN',
};

/** A country name reduced for comparison: accents, punctuation and case gone, `&` read as `and`. */
export function countryKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bst\./g, 'saint ')
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Codes ICU names that are no country of today (withdrawn ones, groupings, pseudo-regions). */
const NOT_COUNTRIES = new Set(['BU', 'CS', 'DD', 'FX', 'NT', 'SU', 'TP', 'YU', 'ZR', 'AN', 'EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
const ALPHA_2 = /^[A-Za-z]{2}$/;

let codesByName: Map<string, string> | null = null;

function namesToCodes(): Map<string, string> {
  if (codesByName) return codesByName;
  const names = new Map(Object.entries(OTHER_NAMES));
  const styles = ['long', 'short'] as const;
  const displays = styles.map((style) => new Intl.DisplayNames(['en'], { type: 'region', style, fallback: 'none' }));
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const first of letters) {
    for (const second of letters) {
      const code = `${first}${second}`;
      if (NOT_COUNTRIES.has(code)) continue;
      for (const display of displays) {
        const name = display.of(code);
        if (!name) continue;
        // "Myanmar (Burma)", "Hong Kong SAR China": the name without its bracket or suffix too.
        for (const form of [name, name.replace(/\s*\(.*\)$/, ''), name.replace(/ SAR China$/, '')]) {
          const key = countryKey(form);
          if (!names.has(key)) names.set(key, code);
        }
      }
    }
  }
  // "Unknown Region" and the like are ICU's words for no country.
  names.delete('unknown region');
  codesByName = names;
  return names;
}


/**
 * The country a text names, as an ISO alpha-2 code in capitals when it is one ("US", "us") or a
 * name known for one ("United States", "Korea, North"), else the reduced name itself (so two
 * unknown spellings still agree when they are the same), or null for no country.
 */
export function resolveCountry(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  if (ALPHA_2.test(trimmed)) {
    const code = trimmed.toUpperCase();
    // UK is the everyday code for GB (and the one ISO reserves for it).
    return code === 'UK' ? 'GB' : code;
  }
  const key = countryKey(trimmed);
  return key === '' ? null : (namesToCodes().get(key) ?? key);
}
