/*
 * A synthetic sanctions list of realistic size and shape (test support and the benchmark only):
 * OFAC's mix of individuals (with other spellings, shortened names, native-script names and weak
 * "ABU ..." a.k.a.s), entities (with former names under another legal form, short names and weak
 * acronyms), vessels and aircraft, with dates of birth in every published form. The same seed gives
 * the same list, so a benchmark row or a failing test can be reproduced.
 */
import { createSeededRandom, type SeededRandom } from '../../../providers/seeded-random';
import type { WatchlistSubject } from '../../../providers/watchlist.provider';
import type { WatchlistAlias, WatchlistEntry } from '../../watchlist-entry';
import { CULTURES, ORGANISATION_WORDS, TO_CYRILLIC, type NameCulture } from './synthetic-name-parts';

const PROGRAMS = ['SDGT', 'IRAN', 'RUSSIA-EO14024', 'DPRK3', 'SYRIA', 'IFSR', 'CYBER2', 'GLOMAG', 'ILLICIT-DRUGS-EO14059', 'VENEZUELA-EO13850', 'UKRAINE-EO13662'];

function cyrillicOf(latin: string): string {
  let out = '';
  const lower = latin.toLowerCase();
  for (let i = 0; i < lower.length; ) {
    const found = TO_CYRILLIC.find(([from]) => lower.startsWith(from, i));
    out += found ? found[1] : lower[i];
    i += found ? found[0].length : 1;
  }
  return out.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

const pad = (n: number): string => String(n).padStart(2, '0');

function datesOfBirth(random: SeededRandom): string[] {
  if (random.chance(0.3)) return [];
  const year = random.int(1940, 1995);
  const form = random.weighted<'day' | 'year' | 'range' | 'month'>([['day', 60], ['year', 25], ['range', 10], ['month', 5]]);
  const first = form === 'day' ? `${year}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}` : form === 'year' ? `${year}` : form === 'month' ? `${year}-${pad(random.int(1, 12))}` : `${year} to ${year + 2}`;
  // OFAC often gives an alternative year ("alt. DOB 1966").
  return random.chance(0.2) ? [first, `${year + random.int(-3, 3)}`] : [first];
}

function spelling(random: SeededRandom, culture: NameCulture, part: string): string {
  const others = culture.spellings[part];
  return others && random.chance(0.7) ? random.pick(others) : part;
}

interface AliasMaker {
  add(name: string, strength?: 'strong' | 'weak', kind?: WatchlistAlias['kind'], script?: string | null): void;
  aliases: WatchlistAlias[];
}

function aliasMaker(uid: string): AliasMaker {
  const aliases: WatchlistAlias[] = [];
  return {
    aliases,
    add(name, strength = 'strong', kind = 'aka', script = null) {
      aliases.push({ id: `${uid}-${aliases.length + 1}`, kind, strength, name, ...(script ? { script } : {}) });
    },
  };
}

function individual(random: SeededRandom, uid: string): WatchlistEntry {
  const culture = random.weighted(CULTURES.map((c): [NameCulture, number] => [c, c.weight]));
  const given = random.pick(culture.given);
  const family = random.pick(culture.family);
  const middle = culture.patronymic ? `${random.pick(culture.given).replace(/[aeiouy]$/, '')}${random.pick(['ovich', 'evich'])}` : random.chance(0.5) ? random.pick(culture.given) : null;
  const second = culture.name === 'hispanic' && random.chance(0.6) ? random.pick(culture.family) : null;
  const last = [family, second].filter(Boolean).join(' ').toUpperCase();
  const firsts = [given, middle].filter(Boolean).join(' ');
  const alias = aliasMaker(uid);
  if (random.chance(0.75)) alias.add(`${spelling(random, culture, family).toUpperCase()}, ${[spelling(random, culture, given), middle].filter(Boolean).join(' ')}`);
  if (middle !== null || second !== null) alias.add(`${family.toUpperCase()}, ${given}`);
  if (culture.script && random.chance(0.6) && culture.script.parts[given] && culture.script.parts[family]) {
    const parts = culture.name === 'chinese' ? `${culture.script.parts[family]}${culture.script.parts[given]}` : `${culture.script.parts[given]} ${culture.script.parts[family]}`;
    alias.add(parts, 'strong', 'aka', culture.script.name);
  }
  if (culture.patronymic && random.chance(0.6)) alias.add(cyrillicOf(`${family} ${given} ${middle}`), 'strong', 'aka', 'Cyrillic');
  if (culture.name === 'arabic' && random.chance(0.4)) alias.add(`ABU ${random.pick(culture.given).toUpperCase()}`, 'weak');
  if (random.chance(0.1)) alias.add(random.pick(culture.given).toUpperCase(), 'weak');
  const country = random.pick(culture.countries);
  return {
    uid,
    name: `${last}, ${firsts}`,
    type: 'individual',
    programs: [random.pick(PROGRAMS)],
    aliases: alias.aliases,
    addresses: random.chance(0.5) ? [{ id: `${uid}-a`, street: null, city: null, stateOrProvince: null, postalCode: null, country: random.pick(culture.countries) }] : [],
    datesOfBirth: datesOfBirth(random),
    nationalities: random.chance(0.7) ? [country] : [],
    identifiers: [],
    remarks: null,
  };
}

function organisation(random: SeededRandom, uid: string): WatchlistEntry {
  const words = ORGANISATION_WORDS;
  const type = random.weighted<WatchlistEntry['type']>([['entity', 92], ['vessel', 6], ['aircraft', 2]]);
  const first = random.pick(words.first);
  const alias = aliasMaker(uid);
  let name: string;
  if (type === 'vessel') {
    name = `${first} ${random.pick(words.vessels)}`.toUpperCase();
    if (random.chance(0.5)) alias.add(`${random.pick(words.first)} ${random.pick(words.vessels)}`.toUpperCase(), 'weak', 'fka');
  } else if (type === 'aircraft') {
    name = `EP-${String.fromCharCode(65 + random.int(0, 25), 65 + random.int(0, 25), 65 + random.int(0, 25))}`;
  } else {
    const trade = random.shuffle(words.trade).slice(0, random.int(1, 3));
    const core = [first, ...trade].join(' ').toUpperCase();
    name = `${core} ${random.pick(words.legalForms).toUpperCase()}`;
    if (random.chance(0.65)) alias.add(`${core}, ${random.pick(words.legalForms).toUpperCase()}`, 'strong', 'fka');
    if (random.chance(0.65)) alias.add(`${first} ${trade[0]}`.toUpperCase());
    if (random.chance(0.3)) alias.add([first, ...trade].map((word) => word[0]).join('').toUpperCase(), 'weak');
    if (random.chance(0.15)) alias.add(`ООО «${cyrillicOf([first, ...trade].join(' '))}»`, 'strong', 'aka', 'Cyrillic');
    if (random.chance(0.3)) alias.add(`${random.pick(words.first)} ${trade[trade.length - 1]} ${random.pick(words.legalForms)}`.toUpperCase(), 'strong', 'nka');
  }
  const country = random.pick(words.countries);
  return {
    uid,
    name,
    type,
    programs: [random.pick(PROGRAMS)],
    aliases: alias.aliases,
    addresses: [{ id: `${uid}-a`, street: null, city: null, stateOrProvince: null, postalCode: null, country }],
    datesOfBirth: [],
    nationalities: [],
    identifiers: [],
    remarks: null,
  };
}

/** A synthetic list of `entries` entries (about 45% individuals, like the SDN list), the same for the same seed. */
export function syntheticWatchlist(options: { seed: string; entries: number; firstUid?: number }): WatchlistEntry[] {
  const random = createSeededRandom(options.seed);
  const first = options.firstUid ?? 100000;
  return Array.from({ length: options.entries }, (_, i) => (random.chance(0.45) ? individual(random, String(first + i)) : organisation(random, String(first + i))));
}

function owner(random: SeededRandom, index: number, people: readonly WatchlistEntry[]): WatchlistSubject {
  const culture = random.weighted(CULTURES.map((c): [NameCulture, number] => [c, c.weight]));
  // One owner in five is a listed person as an owner would write the name (another spelling, first name first).
  const name = random.chance(0.2) && people.length > 0
    ? random.pick(people).name.split(', ').reverse().join(' ').replace(/\b([A-Z])([A-Z]+)\b/g, (_, a: string, b: string) => a + b.toLowerCase())
    : `${spelling(random, culture, random.pick(culture.given))} ${spelling(random, culture, random.pick(culture.family))}`;
  const dateOfBirth = random.chance(0.8) ? `${random.int(1945, 2000)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}` : null;
  return { role: 'owner', refId: `owner-${index}`, kind: 'person', name, dateOfBirth, country: random.pick(['US', 'United States', ...culture.countries]) };
}

/** A business as a screening asks about it: its legal name and five owners (some of them close to listed people). */
export function syntheticBusiness(seed: string, listed: readonly WatchlistEntry[]): WatchlistSubject[] {
  const random = createSeededRandom(seed);
  const words = ORGANISATION_WORDS;
  const legalName = `${random.pick(words.first)} ${random.pick(words.trade)} ${random.pick(words.trade)} ${random.pick(['LLC', 'Inc.', 'Corp.', 'Ltd'])}`;
  const business: WatchlistSubject = { role: 'legal_name', refId: 'business', kind: 'organisation', name: legalName, dateOfBirth: null, country: 'US' };
  const people = listed.filter((entry) => entry.type === 'individual');
  return [business, ...Array.from({ length: 5 }, (_, i) => owner(random, i, people))];
}
