import type { FakeEntity } from './opensanctions-fake.data';

/*
 * The fake's matcher: deterministic, and simpler than yente's. It keeps the shape of logic-v2
 * (nomenklatura/matching/logic_v2/model.py): the best of the main features (`name_match` weight 1.0
 * over name, alias and previousName; `weak_alias_match` weight 0.8 over weakAlias), then the
 * qualifiers added once a name matched (`country_mismatch` -0.2, `dob_year_disjoint` -0.15,
 * `dob_day_disjoint` -0.25), each explanation a FeatureResult {score, detail, query, candidate}.
 * Its name score is the share of words in common (Dice), not logic-v2's; its scores are the fake's.
 */

/** FeatureResult. */
export interface FakeFeature {
  score: number;
  detail: string | null;
  query: string | null;
  candidate: string | null;
}

/** A query after cleaning, as yente echoes it: `{id, schema, properties}`. */
export interface CleanQuery {
  id: string | null;
  schema: string;
  properties: Record<string, string[]>;
}

/** The schemata a query schema is compared with (FtM's matchable schemata: itself, its matchable ancestors and descendants). */
export const MATCHABLE: Readonly<Record<string, readonly string[]>> = {
  Person: ['Person', 'LegalEntity'],
  Company: ['Company', 'Organization', 'LegalEntity'],
  Organization: ['Organization', 'Company', 'LegalEntity'],
  LegalEntity: ['LegalEntity', 'Person', 'Organization', 'Company'],
};

const COUNTRY_PROPERTIES = ['country', 'nationality', 'citizenship', 'birthCountry', 'jurisdiction', 'mainCountry'];
/** Country names the fake's cleaning knows (FtM knows them all); an unknown name is dropped, as FtM drops a value it cannot read. */
const COUNTRY_NAMES: Readonly<Record<string, string>> = { iran: 'ir', russia: 'ru', 'united states': 'us', 'united arab emirates': 'ae', syria: 'sy', norway: 'no', germany: 'de' };
const DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;

const words = (name: string) => [...new Set(name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean))];

/** The query as FtM cleans it: country values to codes, dates to ISO prefixes; unreadable values dropped. */
export function cleanQuery(example: { id?: unknown; schema: string; properties: Record<string, unknown> }): CleanQuery {
  const properties: Record<string, string[]> = {};
  for (const [name, raw] of Object.entries(example.properties)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
    const cleaned = COUNTRY_PROPERTIES.includes(name)
      ? values.map((v) => (/^[a-z]{2}$/i.test(v) ? v.toLowerCase() : COUNTRY_NAMES[v.toLowerCase()])).filter((v): v is string => v !== undefined)
      : name === 'birthDate'
        ? values.filter((v) => DATE.test(v))
        : values;
    if (cleaned.length > 0) properties[name] = [...new Set(cleaned)];
  }
  return { id: typeof example.id === 'string' ? example.id : null, schema: example.schema, properties };
}

/** The best pairing of a query name with one of `names`, as a feature. */
function bestName(queryNames: readonly string[], names: readonly string[]): FakeFeature {
  let best: FakeFeature = { score: 0, detail: null, query: null, candidate: null };
  for (const query of queryNames) {
    for (const candidate of names) {
      const [q, c] = [words(query), words(candidate)];
      const common = q.filter((word) => c.includes(word)).length;
      const score = q.length + c.length === 0 ? 0 : (2 * common) / (q.length + c.length);
      if (score > best.score) best = { score: Math.round(score * 100) / 100, detail: `[${common} of ${Math.max(q.length, c.length)} name parts in common]`, query, candidate };
    }
  }
  return best;
}

const props = (properties: Record<string, string[]>, names: readonly string[]) => names.flatMap((name) => properties[name] ?? []);

/** The qualifiers, each explained when it fires (or, for the birth dates, when they agree). */
function qualifiers(query: CleanQuery, entity: FakeEntity): Record<string, FakeFeature> {
  const found: Record<string, FakeFeature> = {};
  const [qc, ec] = [props(query.properties, COUNTRY_PROPERTIES), props(entity.properties, COUNTRY_PROPERTIES)];
  if (qc.length > 0 && ec.length > 0 && !qc.some((c) => ec.includes(c))) found.country_mismatch = { score: 1, detail: `Different countries: ${qc.join(', ')} / ${ec.join(', ')}`, query: null, candidate: null };
  const [qd, ed] = [query.properties.birthDate ?? [], entity.properties.birthDate ?? []];
  if (qd.length === 0 || ed.length === 0) return found;
  const years = (dates: string[]) => dates.map((d) => d.slice(0, 4));
  if (!years(qd).some((y) => years(ed).includes(y))) found.dob_year_disjoint = { score: 1, detail: `Birth year mis-match: ${years(qd).join(', ')} vs ${years(ed).join(', ')}`, query: null, candidate: null };
  const days = (dates: string[]) => dates.filter((d) => d.length === 10);
  const [qdays, edays] = [days(qd), days(ed)];
  if (qdays.length > 0 && edays.length > 0) {
    const same = qdays.filter((d) => edays.includes(d));
    found.dob_day_disjoint = same.length > 0 ? { score: 0, detail: `Birth day match: ${same.join(', ')}`, query: null, candidate: null } : { score: 1, detail: `Birth day mis-match: ${qdays.join(', ')} vs ${edays.join(', ')}`, query: null, candidate: null };
  }
  return found;
}

const WEIGHTS: Readonly<Record<string, number>> = { name_match: 1, weak_alias_match: 0.8, country_mismatch: -0.2, dob_year_disjoint: -0.15, dob_day_disjoint: -0.25 };

/** An entity's score for a query and its explanations (features with a score or a detail). */
export function scoreEntity(query: CleanQuery, entity: FakeEntity): { score: number; explanations: Record<string, FakeFeature> } {
  const queryNames = query.properties.name ?? [];
  const main = { name_match: bestName(queryNames, props(entity.properties, ['name', 'alias', 'previousName'])), weak_alias_match: bestName(queryNames, entity.properties.weakAlias ?? []) };
  const base = Math.max(main.name_match.score * WEIGHTS.name_match, main.weak_alias_match.score * WEIGHTS.weak_alias_match);
  const qualifying = base > 0 ? qualifiers(query, entity) : {};
  const score = Object.entries(qualifying).reduce((total, [name, feature]) => total + feature.score * WEIGHTS[name], base);
  const explanations = Object.fromEntries(Object.entries({ ...main, ...qualifying }).filter(([, feature]) => feature.score > 0 || feature.detail !== null));
  return { score: Math.max(0, Math.round(score * 10_000) / 10_000), explanations };
}
