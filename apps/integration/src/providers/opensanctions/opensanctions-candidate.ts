import type { WatchlistCandidate, WatchlistCandidateType, WatchlistSubject } from '../watchlist.provider';
import type { OpenSanctionsFeature, OpenSanctionsResult } from './opensanctions.api';
import { evidenceOf, matchedTokensOf, nameTokens, stringsOf } from './opensanctions-evidence';

/** Where a result was listed: the dataset named as its list, and that dataset's version. */
export interface ListedIn {
  list: string;
  listVersion: string;
}

/** What a result is read against. */
export interface CandidateContext {
  subject: WatchlistSubject;
  /** The query's properties as the API answered them (cleaned: countries as codes). */
  askedProperties: Record<string, unknown> | undefined;
  algorithm: string;
  listedIn: (datasets: readonly string[]) => ListedIn;
}

/** FtM schemata with a type of their own; every other (Company, Organization, LegalEntity...) is an entity. */
const ENTRY_TYPES: Readonly<Record<string, WatchlistCandidateType>> = { Person: 'individual', Vessel: 'vessel', Airplane: 'aircraft' };

/**
 * The name properties an entry may have matched on, and what each says of the name: FtM's `name`
 * (primary), `alias` and `weakAlias` (a.k.a., OFAC's strong and weak), `previousName` (f.k.a.).
 */
const NAME_PROPERTIES = [
  { property: 'name', alias: null },
  { property: 'alias', alias: { kind: 'aka', strength: 'strong' } },
  { property: 'weakAlias', alias: { kind: 'aka', strength: 'weak' } },
  { property: 'previousName', alias: { kind: 'fka', strength: 'strong' } },
] as const;

const sameName = (a: string, b: string) => nameTokens(a).join(' ') === nameTokens(b).join(' ');

/**
 * The published name that matched. The name feature of the algorithm says which one it compared
 * (FeatureResult.candidate: "which value from the query and result entities was actually used to
 * make the match"), e.g. logic-v2's `name_match`; the highest-scoring feature naming one of the
 * entry's names wins. Without one, the entry's name sharing most words with the query, then its caption.
 */
export function matchedNameOf(result: OpenSanctionsResult, queryName: string): string {
  const names = NAME_PROPERTIES.flatMap(({ property }) => stringsOf(result.properties, property));
  const named = Object.values(result.explanations ?? {})
    .filter((feature): feature is OpenSanctionsFeature & { candidate: string } => typeof feature?.candidate === 'string' && names.some((name) => sameName(name, feature.candidate as string)))
    .sort((a, b) => b.score - a.score)[0];
  if (named) return names.find((name) => sameName(name, named.candidate)) ?? named.candidate;
  const shared = (name: string) => matchedTokensOf(queryName, name).length;
  const best = [...names].sort((a, b) => shared(b) - shared(a))[0];
  return best !== undefined && shared(best) > 0 ? best : result.caption;
}

/** The alias a matched name is, or null for a primary name. OpenSanctions gives aliases no id: theirs is `<property>:<index>`. */
export function aliasOf(result: OpenSanctionsResult, matchedName: string): WatchlistCandidate['alias'] {
  for (const { property, alias } of NAME_PROPERTIES) {
    const index = stringsOf(result.properties, property).findIndex((name) => sameName(name, matchedName));
    if (index >= 0) return alias === null ? null : { id: `${property}:${index}`, ...alias };
  }
  return null;
}

/**
 * The programs an entry is listed under: FtM's `programId` (the sanctions programme's id, e.g.
 * `US-UKR`) and `program` (its text), as given, without repeats.
 */
export function programsOf(result: OpenSanctionsResult): string[] {
  return [...new Set([...stringsOf(result.properties, 'programId'), ...stringsOf(result.properties, 'program')])];
}

const two = (score: number) => score.toFixed(2);

/** The features that said something, best first, as `name 0.95 (detail)`; details of the name feature may quote the names. */
function featuresText(explanations: Record<string, OpenSanctionsFeature> | undefined): string {
  const said = Object.entries(explanations ?? {})
    .filter(([, feature]) => typeof feature?.score === 'number' && feature.score > 0)
    .sort(([, a], [, b]) => b.score - a.score);
  return said.map(([name, feature]) => `${name} ${two(feature.score)}${feature.detail ? ` (${feature.detail})` : ''}`).join('; ') || 'none';
}

const EVIDENCE_WORDS = { same: 'the same', close: 'close', different: 'different', unknown: 'not compared' } as const;

/** In plain words: the score and algorithm, the name that matched, the features the API gave, and the evidence. */
function reasonOf(result: OpenSanctionsResult, candidate: Omit<WatchlistCandidate, 'reason'>, context: CandidateContext): string {
  const what = candidate.alias === null ? `"${candidate.matchedName}"` : `"${candidate.matchedName}" (${candidate.alias.strength} ${candidate.alias.kind} of "${candidate.entryName}")`;
  const topics = stringsOf(result.properties, 'topics');
  const parts = [
    `OpenSanctions (${context.algorithm}) scored ${two(candidate.score)} for "${context.subject.name}" against ${what} on ${candidate.list}`,
    `features: ${featuresText(result.explanations)}`,
  ];
  if (context.subject.kind === 'person') parts.push(`date of birth ${EVIDENCE_WORDS[candidate.evidence.dateOfBirth]}, country ${EVIDENCE_WORDS[candidate.evidence.country]}`);
  if (topics.length > 0) parts.push(`topics: ${topics.join(', ')}`);
  return `${parts.join('; ')}.`;
}

/** A result as a watchlist candidate. */
export function candidateOf(result: OpenSanctionsResult, context: CandidateContext): WatchlistCandidate {
  const matchedName = matchedNameOf(result, context.subject.name);
  const { list, listVersion } = context.listedIn(result.datasets ?? []);
  const candidate: Omit<WatchlistCandidate, 'reason'> = {
    list,
    listVersion,
    entryId: result.id,
    entryName: result.caption,
    entryType: ENTRY_TYPES[result.schema] ?? 'entity',
    programs: programsOf(result),
    matchedName,
    alias: aliasOf(result, matchedName),
    score: result.score,
    matchedTokens: matchedTokensOf(context.subject.name, matchedName),
    evidence: evidenceOf({ kind: context.subject.kind, dateOfBirth: context.subject.dateOfBirth, askedProperties: context.askedProperties, listedProperties: result.properties }),
  };
  return { ...candidate, reason: reasonOf(result, candidate, context) };
}
