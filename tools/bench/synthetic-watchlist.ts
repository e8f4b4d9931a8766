/*
 * The watchlist screening row's inputs (watchlist-screening.ts): a synthetic list the size and
 * shape of OFAC's SDN and Consolidated lists together, and businesses to screen against it. Name
 * parts are built from syllables, so the vocabulary is as wide as a real list's, and drawn with a
 * skew, so a few parts are on thousands of entries (the "Mohammed" and "Trading" of a real list,
 * whose long postings are what blocking must cope with). About 45% individuals (other spellings,
 * shortened names, Cyrillic, Arabic and Chinese script, weak "ABU ..." a.k.a.s, dates of birth in
 * every published form), the rest entities (former names under another legal form, short names,
 * weak acronyms), vessels and aircraft. The same seed gives the same list and the same businesses.
 * The people and companies are fictional.
 */
// eslint-disable-next-line @nx/enforce-module-boundaries -- types only, erased at build
import type { WatchlistSubject } from '../../apps/integration/src/providers/watchlist.provider';
// eslint-disable-next-line @nx/enforce-module-boundaries -- types only, erased at build
import type { WatchlistAlias, WatchlistEntry } from '../../apps/integration/src/watchlists/watchlist-entry';

/** A reproducible stream of numbers in [0, 1) (mulberry32): the same seed, the same list. */
export interface Draw {
  next(): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item of a list ordered from common to rare: index `n * u^skew`, so the first items come up most. */
  skewed<T>(items: readonly T[], skew: number): T;
}

export function createDraw(seed: number): Draw {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)];
  return { next, int, chance: (p) => next() < p, pick, skewed: (items, skew) => items[Math.floor(items.length * next() ** skew)] };
}

const ONSETS = ['b', 'd', 'f', 'g', 'h', 'k', 'kh', 'l', 'm', 'n', 'r', 's', 'sh', 't', 'v', 'z', 'ch', 'y', 'j', 'p', 'q', 'ts', 'br', 'dr', 'gr', 'st', 'w', 'zh'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'a', 'i', 'a', 'ou', 'ia', 'ee', 'y'];
const CODAS = ['', '', '', '', 'n', 'r', 'm', 'l', 's', 'd', 'k', 't', 'v', 'sh', 'z', 'ng'];

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** `count` distinct words of `syllables` syllables, in the order drawn (the first will be the common ones). */
function wordPool(draw: Draw, count: number, syllables: readonly [number, number], suffixes: readonly string[] = ['']): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    let word = '';
    const length = draw.int(syllables[0], syllables[1]);
    for (let s = 0; s < length; s += 1) word += draw.pick(ONSETS) + draw.pick(VOWELS) + (s === length - 1 ? draw.pick(CODAS) : '');
    words.add(capitalise(word + draw.pick(suffixes)));
  }
  return [...words];
}

/** What every synthetic list draws its names from. */
interface NameParts {
  given: string[];
  family: string[];
  /** An organisation's distinctive first word. */
  brand: string[];
}

/** The words of organisation names, common first (as on the lists: TRADING, GROUP, SHIPPING, ...). */
const TRADE = [
  'Trading', 'Company', 'International', 'Group', 'General', 'Shipping', 'Industries', 'Petroleum', 'Investment', 'Bank', 'Holding',
  'Exchange', 'Engineering', 'Import', 'Export', 'Logistics', 'Services', 'Commercial', 'Development', 'Energy', 'Marine', 'Metals',
  'Technology', 'Electronics', 'Construction', 'Chemical', 'Foundation', 'Finance', 'Gas', 'Oil', 'Steel', 'Aviation', 'Tanker',
  'Navigation', 'Resources', 'Agency', 'Charity', 'Defense', 'Systems', 'Mining', 'Pharmaceutical', 'Supply', 'Global', 'Capital',
];
const LEGAL_FORMS = ['LLC', 'LTD', 'CO. LTD.', 'JSC', 'OOO', 'FZE', 'S.A.', 'GMBH', 'INC.', 'PJSC', 'LIMITED', 'SDN BHD', 'PTE LTD', 'A.G.'];
const VESSEL_WORDS = ['Star', 'Ocean', 'Glory', 'Pride', 'Spirit', 'Queen', 'Fortune', 'Horizon', 'Pearl', 'Wave'];
const COUNTRIES = ['Iran', 'Russia', 'Syria', 'Lebanon', 'Iraq', 'Venezuela', 'Cuba', 'North Korea', 'China', 'United Arab Emirates', 'Turkey', 'Belarus', 'Yemen', 'Afghanistan', 'Mexico', 'Colombia'];
const PROGRAMS = ['SDGT', 'IRAN', 'RUSSIA-EO14024', 'DPRK3', 'SYRIA', 'IFSR', 'CYBER2', 'GLOMAG', 'ILLICIT-DRUGS-EO14059', 'VENEZUELA-EO13850', 'UKRAINE-EO13662'];

// Letter by letter, longest first: enough to write a Latin name in Cyrillic or (its consonants and long vowels) in Arabic script.
const TO_CYRILLIC: Array<[string, string]> = [
  ['shch', 'щ'], ['kh', 'х'], ['zh', 'ж'], ['ch', 'ч'], ['sh', 'ш'], ['ts', 'ц'], ['ya', 'я'], ['yu', 'ю'], ['ee', 'и'], ['ou', 'у'],
  ['a', 'а'], ['b', 'б'], ['v', 'в'], ['g', 'г'], ['d', 'д'], ['e', 'е'], ['z', 'з'], ['i', 'и'], ['y', 'ы'], ['k', 'к'], ['l', 'л'],
  ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'], ['r', 'р'], ['s', 'с'], ['t', 'т'], ['u', 'у'], ['f', 'ф'], ['h', 'х'], ['j', 'дж'],
  ['q', 'к'], ['w', 'в'],
];
const TO_ARABIC: Array<[string, string]> = [
  ['kh', 'خ'], ['sh', 'ش'], ['ch', 'تش'], ['ts', 'تس'], ['zh', 'ج'], ['ee', 'ي'], ['ou', 'و'], ['ai', 'اي'], ['ia', 'يا'],
  ['a', 'ا'], ['b', 'ب'], ['d', 'د'], ['f', 'ف'], ['g', 'غ'], ['h', 'ه'], ['i', 'ي'], ['j', 'ج'], ['k', 'ك'], ['l', 'ل'], ['m', 'م'],
  ['n', 'ن'], ['o', 'و'], ['p', 'ب'], ['q', 'ق'], ['r', 'ر'], ['s', 'س'], ['t', 'ت'], ['u', 'و'], ['v', 'ف'], ['w', 'و'], ['y', 'ي'],
  ['z', 'ز'], ['e', ''],
];
const CHINESE = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '高', '罗', '伟', '芳', '敏', '静', '磊', '军', '燕', '辉', '强', '平'];

function rewrite(latin: string, table: ReadonlyArray<[string, string]>): string {
  const lower = latin.toLowerCase();
  let out = '';
  for (let i = 0; i < lower.length; ) {
    const found = table.find(([from]) => lower.startsWith(from, i));
    out += found ? found[1] : lower[i];
    i += found ? found[0].length : 1;
  }
  return out;
}

/** Another spelling of a name part, as OFAC lists them among a.k.a.s: a vowel changed, a letter doubled or dropped. */
function respell(draw: Draw, part: string): string {
  const lower = part.toLowerCase();
  const vowelAt = [...lower].flatMap((letter, i) => ('aeiou'.includes(letter) && i > 0 ? [i] : []));
  const how = draw.int(0, 2);
  if (how === 0 && vowelAt.length > 0) {
    const i = draw.pick(vowelAt);
    return capitalise(lower.slice(0, i) + draw.pick(['a', 'e', 'i', 'o', 'u'].filter((v) => v !== lower[i])) + lower.slice(i + 1));
  }
  const i = draw.int(1, lower.length - 1);
  return capitalise(how === 1 ? lower.slice(0, i) + lower[i] + lower.slice(i) : lower.slice(0, i) + lower.slice(i + 1));
}

// The most common given name is on about 8% of the people, as MUHAMMAD and its spellings are on OFAC's lists.
const GIVEN_SKEW = 2.5;

const pad = (n: number): string => String(n).padStart(2, '0');

function datesOfBirth(draw: Draw): string[] {
  if (draw.chance(0.3)) return [];
  const year = draw.int(1940, 1995);
  const form = draw.next();
  const first = form < 0.6 ? `${year}-${pad(draw.int(1, 12))}-${pad(draw.int(1, 28))}` : form < 0.85 ? `${year}` : form < 0.95 ? `${year} to ${year + 2}` : `${year}-${pad(draw.int(1, 12))}`;
  // OFAC often gives an alternative year ("alt. DOB 1966").
  return draw.chance(0.2) ? [first, `${year + draw.int(-3, 3)}`] : [first];
}

function aliasesOf(uid: string) {
  const aliases: WatchlistAlias[] = [];
  const add = (name: string, strength: WatchlistAlias['strength'] = 'strong', kind: WatchlistAlias['kind'] = 'aka', script: string | null = null): void => {
    aliases.push({ id: `${uid}-${aliases.length + 1}`, kind, strength, name, ...(script ? { script } : {}) });
  };
  return { aliases, add };
}

const address = (uid: string, country: string) => ({ id: `${uid}-a`, street: null, city: null, stateOrProvince: null, postalCode: null, country });

function individual(draw: Draw, parts: NameParts, uid: string): WatchlistEntry {
  const given = draw.skewed(parts.given, GIVEN_SKEW);
  const family = draw.skewed(parts.family, 1.5);
  const middle = draw.chance(0.5) ? draw.skewed(parts.given, GIVEN_SKEW) : null;
  const firsts = [given, middle].filter(Boolean).join(' ');
  const { aliases, add } = aliasesOf(uid);
  if (draw.chance(0.6)) add(`${respell(draw, family).toUpperCase()}, ${draw.chance(0.5) ? respell(draw, given) : given}${middle ? ` ${middle}` : ''}`);
  if (middle !== null && draw.chance(0.5)) add(`${family.toUpperCase()}, ${given}`);
  const script = draw.next();
  if (script < 0.15) add(capitalise(rewrite(`${family} ${firsts}`, TO_CYRILLIC)), 'strong', 'aka', 'Cyrillic');
  else if (script < 0.27) add(rewrite(`${given} ${family}`, TO_ARABIC), 'strong', 'aka', 'Arabic');
  else if (script < 0.3) add(`${draw.pick(CHINESE)}${draw.pick(CHINESE)}${draw.pick(CHINESE)}`, 'strong', 'aka', 'Han');
  if (draw.chance(0.15)) add(`ABU ${draw.skewed(parts.given, GIVEN_SKEW).toUpperCase()}`, 'weak');
  if (draw.chance(0.08)) add(draw.skewed(parts.given, GIVEN_SKEW).toUpperCase(), 'weak');
  const country = draw.pick(COUNTRIES);
  return {
    uid,
    name: `${family.toUpperCase()}, ${firsts}`,
    type: 'individual',
    programs: [draw.pick(PROGRAMS)],
    aliases,
    addresses: draw.chance(0.5) ? [address(uid, draw.pick(COUNTRIES))] : [],
    datesOfBirth: datesOfBirth(draw),
    nationalities: draw.chance(0.7) ? [country] : [],
    identifiers: [],
    remarks: null,
  };
}

function organisation(draw: Draw, parts: NameParts, uid: string): WatchlistEntry {
  const kind = draw.next();
  const type: WatchlistEntry['type'] = kind < 0.92 ? 'entity' : kind < 0.98 ? 'vessel' : 'aircraft';
  const brand = draw.skewed(parts.brand, 1.3);
  const { aliases, add } = aliasesOf(uid);
  let name: string;
  if (type === 'vessel') {
    name = `${brand} ${draw.pick(VESSEL_WORDS)}`.toUpperCase();
    if (draw.chance(0.5)) add(`${draw.skewed(parts.brand, 1.3)} ${draw.pick(VESSEL_WORDS)}`.toUpperCase(), 'weak', 'fka');
  } else if (type === 'aircraft') {
    name = `EP-${String.fromCharCode(65 + draw.int(0, 25), 65 + draw.int(0, 25), 65 + draw.int(0, 25))}`;
  } else {
    const trade = Array.from({ length: draw.int(1, 3) }, () => draw.skewed(TRADE, 2));
    const core = [brand, ...trade].join(' ').toUpperCase();
    name = `${core} ${draw.pick(LEGAL_FORMS)}`;
    if (draw.chance(0.6)) add(`${core}, ${draw.pick(LEGAL_FORMS)}`, 'strong', 'fka');
    if (draw.chance(0.6)) add(`${brand} ${trade[0]}`.toUpperCase());
    if (draw.chance(0.25)) add([brand, ...trade].map((word) => word[0]).join('').toUpperCase(), 'weak');
    if (draw.chance(0.12)) add(`ООО «${capitalise(rewrite([brand, ...trade].join(' '), TO_CYRILLIC))}»`, 'strong', 'aka', 'Cyrillic');
    if (draw.chance(0.3)) add(`${draw.skewed(parts.brand, 1.3)} ${trade[trade.length - 1]} ${draw.pick(LEGAL_FORMS)}`.toUpperCase(), 'strong', 'nka');
  }
  return {
    uid,
    name,
    type,
    programs: [draw.pick(PROGRAMS)],
    aliases,
    addresses: [address(uid, draw.pick(COUNTRIES))],
    datesOfBirth: [],
    nationalities: [],
    identifiers: [],
    remarks: null,
  };
}

/** The name parts every list and business of one seed draws from. */
function namePartsOf(seed: number): NameParts {
  const draw = createDraw(seed);
  return {
    // Given names short and few (so they collide in sound and spelling as Ali, Aly and Aly do), family names longer and many.
    given: wordPool(draw, 600, [1, 2]),
    family: wordPool(draw, 6000, [2, 3], ['', '', '', 'ov', 'ev', 'i', 'an', 'ani', 'zadeh']),
    brand: wordPool(draw, 3000, [2, 3], ['', '', 'co', 'tex', 'gaz', 'neft', 'pars']),
  };
}

/** One list version of synthetic entries (ids from `firstUid`), the same for the same seed. */
export interface SyntheticList {
  list: string;
  version: string;
  publishedAt: string | null;
  entries: WatchlistEntry[];
}

/**
 * An SDN-like and a Consolidated-like list of `entries` entries in all (the SDN list about 93% of
 * them, as OFAC's are), the same for the same seed.
 */
export function syntheticWatchlists(options: { seed: number; entries: number }): SyntheticList[] {
  const parts = namePartsOf(options.seed);
  const draw = createDraw(options.seed + 1);
  const make = (count: number, firstUid: number): WatchlistEntry[] =>
    Array.from({ length: count }, (_, i) => (draw.chance(0.45) ? individual(draw, parts, String(firstUid + i)) : organisation(draw, parts, String(firstUid + i))));
  const consolidated = Math.round(options.entries * 0.07);
  return [
    { list: 'ofac-sdn', version: 'bench-sdn', publishedAt: null, entries: make(options.entries - consolidated, 10_000) },
    { list: 'ofac-consolidated', version: 'bench-cons', publishedAt: null, entries: make(consolidated, 900_000) },
  ];
}

function owner(draw: Draw, parts: NameParts, index: number, people: readonly WatchlistEntry[], listedShare: number): WatchlistSubject {
  // A share of the owners (one in five unless told) is a listed person as an owner writes the name: first name first, mixed case, sometimes another spelling.
  let name: string;
  if (draw.chance(listedShare)) {
    const [family, firsts] = draw.pick(people).name.split(', ');
    const given = firsts.split(' ');
    name = `${given.join(' ')} ${draw.chance(0.3) ? respell(draw, family) : capitalise(family.toLowerCase())}`;
  } else {
    name = `${draw.skewed(parts.given, GIVEN_SKEW)}${draw.chance(0.3) ? ` ${draw.skewed(parts.given, GIVEN_SKEW)}` : ''} ${draw.skewed(parts.family, 1.5)}`;
  }
  const dateOfBirth = draw.chance(0.8) ? `${draw.int(1945, 2000)}-${pad(draw.int(1, 12))}-${pad(draw.int(1, 28))}` : null;
  return { role: 'owner', refId: `owner-${index}`, kind: 'person', name, dateOfBirth, country: draw.pick(['US', 'United States', ...COUNTRIES]) };
}

/**
 * `count` businesses as a screening asks about each: its legal name, a DBA and five owners (a share
 * of the owners, one in five unless told, close to a listed person), the same for the same seed and list.
 * `acceptName` may refuse a legal name or DBA (another is drawn).
 */
export function syntheticBusinesses(options: {
  seed: number;
  count: number;
  lists: readonly SyntheticList[];
  listedOwnerShare?: number;
  acceptName?: (name: string) => boolean;
  /**
   * Where the businesses' brands and their ordinary owners' names come from: unless told, the
   * list's own vocabulary (every business is near some entry: the screening row's hard case); a
   * portfolio of ordinary merchants draws them from another seed's vocabulary.
   */
  vocabularySeed?: number;
}): WatchlistSubject[][] {
  const listedShare = options.listedOwnerShare ?? 0.2;
  const accept = options.acceptName ?? (() => true);
  const parts = namePartsOf(options.vocabularySeed ?? options.seed);
  const draw = createDraw(options.seed + 2);
  const people = options.lists.flatMap((list) => list.entries.filter((entry) => entry.type === 'individual'));
  return Array.from({ length: options.count }, (_, b) => {
    let brand: string;
    let legalName: string;
    let dba: string;
    do {
      brand = draw.skewed(parts.brand, 1.3);
      legalName = `${brand} ${draw.skewed(TRADE, 2)} ${draw.pick(['LLC', 'Inc.', 'Corp.', 'Ltd'])}`;
      dba = `${brand} ${draw.skewed(TRADE, 2)}`;
    } while (!accept(legalName) || !accept(dba));
    const refId = `business-${b}`;
    return [
      { role: 'legal_name', refId, kind: 'organisation', name: legalName, dateOfBirth: null, country: 'US' },
      { role: 'dba', refId, kind: 'organisation', name: dba, dateOfBirth: null, country: 'US' },
      ...Array.from({ length: 5 }, (_, i) => owner(draw, parts, i, people, listedShare)),
    ];
  });
}
