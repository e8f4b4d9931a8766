import { mccForNaics } from '@kyb/industry-codes';
import { sha256Hex } from '../providers/seeded-random';
import type { ClassificationRequest, IndustryClassifier } from './classification.provider';

/**
 * Keywords of the sandbox classifier; the first match wins (pizza before restaurant, marketing
 * before market, lawn before law). A keyword matches a word of the name or website that equals
 * it, or, for keywords of four letters or more, starts or ends with it ("dentistry", "bestpizza.com").
 */
export const CLASSIFIER_KEYWORDS: ReadonlyArray<readonly [keywords: readonly string[], naicsCode: string]> = [
  [['dental', 'dentist', 'orthodont'], '621210'],
  [['pizza', 'pizzeria', 'burger', 'taco'], '722513'],
  [['cafe', 'coffee', 'espresso', 'juice'], '722515'],
  [['restaurant', 'bistro', 'grill', 'diner', 'eatery', 'kitchen'], '722511'],
  [['bakery', 'bakeries', 'bakehouse'], '311811'],
  [['software', 'saas', 'apps'], '511210'],
  [['tech', 'technologies', 'digital', 'computer', 'data'], '541511'],
  [['lawn', 'landscap', 'garden'], '561730'],
  [['law', 'lawyer', 'attorney', 'legal'], '541110'],
  [['construction', 'builder', 'builders', 'contractor'], '236220'],
  [['plumbing', 'plumber', 'hvac'], '238220'],
  [['electric', 'electrical'], '238210'],
  [['roofing'], '238160'],
  [['clinic', 'medical', 'physician', 'health'], '621111'],
  [['chiropract'], '621310'],
  [['pharmacy', 'drugstore'], '446110'],
  [['veterinar', 'vet', 'animal'], '541940'],
  [['trucking', 'freight', 'logistics', 'hauling'], '484121'],
  [['courier', 'delivery'], '492110'],
  [['salon', 'beauty', 'hair', 'nails', 'barber'], '812112'],
  [['consulting', 'consultants', 'advisory'], '541611'],
  [['accounting', 'cpa', 'bookkeeping', 'tax'], '541211'],
  [['realty', 'realtor', 'estate'], '531210'],
  [['insurance'], '524210'],
  [['fitness', 'gym', 'yoga', 'crossfit'], '713940'],
  [['hotel', 'motel', 'inn'], '721110'],
  [['marketing', 'advertising', 'media'], '541810'],
  [['grocery', 'market', 'foods'], '445110'],
  [['florist', 'flower', 'flowers'], '453110'],
  [['daycare', 'childcare', 'preschool'], '624410'],
  [['cleaning', 'janitorial', 'maid'], '561720'],
  [['photo', 'photography', 'studio'], '541921'],
  [['auto', 'automotive', 'garage', 'mechanic'], '811111'],
  [['engineering', 'engineers'], '541330'],
  [['design', 'graphics'], '541430'],
  [['brewery', 'brewing'], '312120'],
  [['liquor', 'wine', 'spirits'], '445310'],
  [['travel', 'tours'], '561510'],
  [['pet', 'pets', 'grooming'], '812910'],
  [['laundry', 'drycleaning', 'cleaners'], '812320'],
];

/** Where a business without a keyword lands: common real six-digit codes, picked by a stable hash of the name. */
export const FALLBACK_NAICS_CODES = ['541611', '453998', '454110', '561720', '541990', '812990', '423990', '238990'] as const;

const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

const matches = (word: string, keyword: string): boolean =>
  word === keyword || (keyword.length >= 4 && (word.startsWith(keyword) || word.endsWith(keyword)));

/** The sandbox's NAICS code for a business: by keyword in the name or website, else by a stable hash of the name. */
export function sandboxNaicsCode({ name, website }: ClassificationRequest): string {
  const words = [...wordsOf(name), ...wordsOf(website ?? '').filter((w) => !['www', 'http', 'https', 'com', 'net', 'org', 'io', 'co'].includes(w))];
  for (const [keywords, code] of CLASSIFIER_KEYWORDS) {
    if (keywords.some((keyword) => words.some((word) => matches(word, keyword)))) return code;
  }
  const hash = Number.parseInt(sha256Hex(wordsOf(name).join(' ')).slice(0, 8), 16);
  return FALLBACK_NAICS_CODES[hash % FALLBACK_NAICS_CODES.length];
}

/** The sandbox classifier: deterministic, from the name and website, with the crosswalk's MCC. */
export function createSandboxClassifier(): IndustryClassifier {
  return {
    name: 'sandbox',
    async classify(request) {
      const naicsCode = sandboxNaicsCode(request);
      return { naicsCode, mccCode: mccForNaics(naicsCode) ?? null };
    },
  };
}
