import type { Knex } from '@kyb/db';
import type { WatchlistEntry, WatchlistName } from '../watchlist-entry';

const VERSIONS = 'integration.watchlist_versions';
const ENTRIES = 'integration.watchlist_entries';

/** What a list version changed against the version current before it (none before: every entry is new). */
export interface WatchlistVersionChanges {
  list: WatchlistName;
  versionId: string;
  publishedAt: string | null;
  previousVersionId: string | null;
  /** Entries new in this version, or published differently than before. */
  changed: WatchlistEntry[];
  /** Entry ids the previous version had and this one does not. */
  removed: string[];
}

/** Reads what list versions changed, and which current versions still wait for their businesses to be screened again. */
export function createWatchlistVersionChanges(db: Knex) {
  return {
    /** Current versions whose monitored businesses were not yet queued for screening, oldest first. */
    async unplanned(): Promise<Array<{ id: string; list: WatchlistName }>> {
      return db(VERSIONS).where({ is_current: true, status: 'READY' }).whereNull('rescreen_planned_at').orderBy('finished_at').select('id', 'list');
    },

    /** Notes that a version's rescreening was queued; false when another worker did it first. */
    async markPlanned(versionId: string, at: Date): Promise<boolean> {
      return (await db(VERSIONS).where({ id: versionId }).whereNull('rescreen_planned_at').update({ rescreen_planned_at: at })) === 1;
    },

    /** What version `versionId` changed; undefined for an unknown or unfinished version. */
    async of(versionId: string): Promise<WatchlistVersionChanges | undefined> {
      const version = await db(VERSIONS).where({ id: versionId, status: 'READY' }).first('id', 'list', 'finished_at', 'published_at');
      if (!version) return undefined;
      const previous = await db(VERSIONS)
        .where({ list: version.list, status: 'READY' })
        .whereNot({ id: versionId })
        .where('finished_at', '<', version.finished_at)
        .orderBy('finished_at', 'desc')
        .first('id');
      const previousId: string | null = previous?.id ?? null;
      const { rows: changed } = await db.raw<{ rows: Array<{ entry: WatchlistEntry }> }>(
        `select n.entry from ${ENTRIES} n left join ${ENTRIES} o on o.version_id = ? and o.uid = n.uid
          where n.version_id = ? and (o.uid is null or o.entry <> n.entry) order by n.uid`,
        [previousId, versionId],
      );
      const { rows: removed } = previousId
        ? await db.raw<{ rows: Array<{ uid: string }> }>(
            `select o.uid from ${ENTRIES} o where o.version_id = ? and not exists (select 1 from ${ENTRIES} n where n.version_id = ? and n.uid = o.uid) order by o.uid`,
            [previousId, versionId],
          )
        : { rows: [] };
      return {
        list: version.list,
        versionId,
        publishedAt: version.published_at ? new Date(version.published_at).toISOString() : null,
        previousVersionId: previousId,
        changed: changed.map((row) => row.entry),
        removed: removed.map((row) => row.uid),
      };
    },
  };
}

/** The version changes reader type, for injection. */
export type WatchlistVersionChangesReader = ReturnType<typeof createWatchlistVersionChanges>;
