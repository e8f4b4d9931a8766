/*
 * A possible hit as a reviewer reads it: the list and version, the entry and the name or alias that
 * matched, the words that agreed and how, what was set aside, the evidence and what it did to the
 * score. The reason is plain English and names only published data (the listed dates and
 * countries), never the owner's own date of birth: it is stored beside the screening.
 */
import type { WatchlistCandidate, WatchlistEvidence, WatchlistSubject } from '../../providers/watchlist.provider';
import { COUNTRY_ADJUSTMENT, DATE_OF_BIRTH_ADJUSTMENT, entryCountries } from './evidence';
import type { ListedName } from './listed-names';
import type { MatchedToken, NameScore } from './score-name';

/** What was found for one subject and one listed name. */
export interface FoundName {
  subject: WatchlistSubject;
  /** The legal-form words set aside from the subject's name. */
  subjectLegalForms: string[];
  /** How many tokens the subject's name has (after normalising). */
  subjectTokens: number;
  name: ListedName;
  nameScore: NameScore;
  /** The name score after the weak-alias factor (the same when the name is not a weak alias). */
  aliasScore: number;
  weakAliasFactor: number;
  evidence: WatchlistEvidence;
  score: number;
}

const ALIAS_WORDS = { aka: 'a.k.a.', fka: 'f.k.a.', nka: 'n.k.a.' } as const;
const two = (n: number): string => n.toFixed(2);
const signed = (n: number): string => (n >= 0 ? `+${two(n)}` : `-${two(-n)}`);

function pairText(pair: MatchedToken): string {
  if (pair.how === 'exact') return `${pair.query} = ${pair.candidate}`;
  return `${pair.query} ~ ${pair.candidate} (${pair.how} ${two(pair.similarity)})`;
}

function whatMatched(found: FoundName): string {
  const { entry, alias, published, list } = found.name;
  const programs = entry.programs.length > 0 ? ` (${entry.programs.join(', ')})` : '';
  const where = `on ${list.list} version ${list.version}`;
  if (alias === null) return `matched the name "${published}" of entry ${entry.uid}${programs} ${where}`;
  const kind = `${alias.strength === 'weak' ? 'weak ' : ''}${ALIAS_WORDS[alias.kind]}`;
  const script = alias.script ? `, ${alias.script} script` : '';
  return `matched the ${kind} "${published}" (alias ${alias.id}${script}) of entry ${entry.uid} "${entry.name}"${programs} ${where}`;
}

function wordsText(found: FoundName): string {
  const pairs = found.nameScore.matchedTokens;
  const words = `${pairs.length} of ${found.subjectTokens} word${found.subjectTokens === 1 ? '' : 's'} agreed (${pairs.map(pairText).join('; ')})`;
  const more = found.nameScore.unpairedListed;
  return more === 0 ? words : `${words}, the listed name has ${more} more word${more === 1 ? '' : 's'}`;
}

function legalFormsText(found: FoundName): string | null {
  const given = found.subjectLegalForms;
  const listed = found.name.legalForms;
  if (given.length === 0 && listed.length === 0) return null;
  const forms = (words: string[]): string => (words.length === 0 ? 'none' : words.join(', '));
  return `legal forms set aside: ${forms(given)} given, ${forms(listed)} listed`;
}

function dateOfBirthText(found: FoundName): string {
  const outcome = found.evidence.dateOfBirth;
  const published = found.name.entry.datesOfBirth.join(', ');
  const adjustment = signed(DATE_OF_BIRTH_ADJUSTMENT[outcome]);
  if (outcome === 'same') return `date of birth the same as the published ${published} (${adjustment})`;
  if (outcome === 'close') return `date of birth close to the published ${published} (${adjustment})`;
  if (outcome === 'different') return `date of birth different from the published ${published} (${adjustment})`;
  return found.subject.dateOfBirth === null ? 'date of birth not given' : 'the entry publishes no date of birth it can be compared with';
}

function countryText(found: FoundName): string {
  const outcome = found.evidence.country;
  const named = entryCountries(found.name.entry).join(', ');
  const adjustment = signed(COUNTRY_ADJUSTMENT[outcome]);
  if (outcome === 'same') return `country among those the entry names (${named}) (${adjustment})`;
  if (outcome === 'different') return `country not among those the entry names (${named}) (${adjustment})`;
  return found.subject.country === null ? 'country not given' : 'the entry names no country';
}

/** The reason a person judges the candidate by. */
export function reasonOf(found: FoundName): string {
  const parts = [`"${found.subject.name}" ${whatMatched(found)}`, wordsText(found)];
  const legalForms = legalFormsText(found);
  if (legalForms) parts.push(legalForms);
  const weak = found.aliasScore !== found.nameScore.score ? ` (a weak alias counts ${two(found.weakAliasFactor)} of it: ${found.aliasScore.toFixed(4)})` : '';
  parts.push(`name score ${found.nameScore.score.toFixed(4)}${weak}`);
  if (found.subject.kind === 'person') parts.push(dateOfBirthText(found), countryText(found));
  parts.push(`score ${found.score.toFixed(4)}`);
  return `${parts.join('; ')}.`;
}

/** The candidate of a found name. */
export function candidateOf(found: FoundName): WatchlistCandidate {
  const { entry, alias, published, list } = found.name;
  return {
    list: list.list,
    listVersion: list.version,
    entryId: entry.uid,
    entryName: entry.name,
    entryType: entry.type,
    programs: [...entry.programs],
    matchedName: published,
    alias: alias === null ? null : { id: alias.id, kind: alias.kind, strength: alias.strength },
    score: found.score,
    matchedTokens: found.nameScore.matchedTokens.map((pair) => ({ ...pair })),
    evidence: found.evidence,
    reason: reasonOf(found),
  };
}
