import type { WatchlistSubject } from '../watchlist.provider';
import { OPENSANCTIONS_MAX_BATCH, type OpenSanctionsMatchRequest, type OpenSanctionsQuery } from './opensanctions.api';

/** A subject sent, and the id its answer comes back under. */
export interface SentSubject {
  /** `q<index>`: ours, so no name or id of the tenant's travels as a key. */
  queryId: string;
  subject: WatchlistSubject;
}

/** One request's worth of subjects, and its body. */
export interface MatchBatch {
  sent: SentSubject[];
  body: OpenSanctionsMatchRequest;
}

const present = (value: string | null): value is string => value !== null && value.trim() !== '';

/**
 * The query-by-example for a subject. An owner is a `Person` with `name`, `birthDate` when known
 * and `country`; a business name is a `Company` with `name` and `country`. `country`, not
 * `nationality` or `jurisdiction`: what we hold is the country given with the name (an owner's
 * address, the business's address), not a claim of nationality or of where it was incorporated;
 * logic-v2 compares every country-typed property alike (nomenklatura compare/countries.py,
 * `country_mismatch`). Values go as given: the API cleans them itself (a country name to its code)
 * and answers the cleaned query (yente/routers/match.py).
 */
export function queryOf(subject: WatchlistSubject): OpenSanctionsQuery {
  const properties: Record<string, string[]> = { name: [subject.name.trim()] };
  if (subject.kind === 'person' && present(subject.dateOfBirth)) properties.birthDate = [subject.dateOfBirth.trim()];
  if (present(subject.country)) properties.country = [subject.country.trim()];
  return { schema: subject.kind === 'person' ? 'Person' : 'Company', properties };
}

/**
 * The subjects in requests of at most {@link OPENSANCTIONS_MAX_BATCH} queries. A blank name is not
 * sent (nothing can match it, and the API would refuse the whole batch for it); its subject is
 * answered no candidates.
 */
export function matchBatches(subjects: readonly WatchlistSubject[]): MatchBatch[] {
  const sent = subjects.flatMap((subject, index) => (subject.name.trim() === '' ? [] : [{ queryId: `q${index}`, subject }]));
  const batches: MatchBatch[] = [];
  for (let start = 0; start < sent.length; start += OPENSANCTIONS_MAX_BATCH) {
    const slice = sent.slice(start, start + OPENSANCTIONS_MAX_BATCH);
    batches.push({ sent: slice, body: { queries: Object.fromEntries(slice.map(({ queryId, subject }) => [queryId, queryOf(subject)])) } });
  }
  return batches;
}
