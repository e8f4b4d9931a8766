import type { WatchlistSubjectsEntry } from '@kyb/area-views';
import type { WatchlistSubject } from '../../providers/watchlist.provider';

/**
 * The names a business is screened on (issue 44): its legal name, each DBA, and each owner
 * (`First Last`, with the date of birth and country given), in that order. Names the case area
 * erased are not there to screen.
 */
export function subjectsOfBusiness(entry: WatchlistSubjectsEntry): WatchlistSubject[] {
  const organisation = (role: 'legal_name' | 'dba', name: string): WatchlistSubject => ({
    role,
    refId: entry.businessId,
    kind: 'organisation',
    name,
    dateOfBirth: null,
    country: entry.country,
  });
  const subjects = [organisation('legal_name', entry.legalName), ...entry.otherNames.map((name) => organisation('dba', name))];
  for (const owner of entry.owners) {
    const name = `${owner.firstName} ${owner.lastName}`.trim();
    if (name) subjects.push({ role: 'owner', refId: owner.id, kind: 'person', name, dateOfBirth: owner.dateOfBirth, country: owner.country });
  }
  return subjects.filter((subject) => subject.name.trim().length > 0);
}
