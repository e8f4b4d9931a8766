import type { Knex } from '@kyb/db';
import type { WatchlistEntry, WatchlistName } from '../watchlist-entry';
import type { WatchlistFile, WatchlistLayout } from './watchlist-files';

export type { WatchlistLayout } from './watchlist-files';

const VERSIONS = 'integration.watchlist_versions';
const ENTRIES = 'integration.watchlist_entries';
const UPLOADS = 'integration.watchlist_uploads';
/** Entries written a statement (a jsonb row is a few hundred bytes: well under PostgreSQL's parameter limit). */
const ENTRIES_PER_INSERT = 1000;

export type WatchlistVersionStatus = 'LOADING' | 'READY' | 'FAILED';

/** A row of `integration.watchlist_versions`. */
export interface WatchlistVersionRow {
  id: string;
  list: WatchlistName;
  status: WatchlistVersionStatus;
  is_current: boolean;
  checksum: string;
  published_at: Date | null;
  layout: WatchlistLayout;
  /** The files it was read from: name and byte size. */
  files: Array<{ name: string; bytes: number }>;
  entries_read: number;
  entry_count: number | null;
  failure_reason: string | null;
  loaded_by: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** What a new version starts with. */
export interface NewWatchlistVersion {
  list: WatchlistName;
  checksum: string;
  layout: WatchlistLayout;
  files: Array<{ name: string; bytes: number }>;
  loadedBy: string | null;
  at: Date;
}

/** Watchlist versions and their entries, in PostgreSQL. */
export function createPgWatchlistVersionsStore(db: Knex) {
  return {
    /** The version of `list` with `checksum` that did not fail, if one was loaded. */
    async withChecksum(list: WatchlistName, checksum: string): Promise<WatchlistVersionRow | undefined> {
      return db<WatchlistVersionRow>(VERSIONS).where({ list, checksum }).whereNot({ status: 'FAILED' }).first();
    },

    async find(id: string): Promise<WatchlistVersionRow | undefined> {
      return db<WatchlistVersionRow>(VERSIONS).where({ id }).first();
    },

    /** The current version of `list`, if one was loaded. */
    async current(list: WatchlistName): Promise<WatchlistVersionRow | undefined> {
      return db<WatchlistVersionRow>(VERSIONS).where({ list, is_current: true }).first();
    },

    /** The current version of every list that has one (what screenings run against), by list. */
    async currentVersions(): Promise<Array<Pick<WatchlistVersionRow, 'id' | 'list' | 'published_at'>>> {
      return db<WatchlistVersionRow>(VERSIONS).where({ is_current: true }).orderBy('list').select('id', 'list', 'published_at');
    },

    /** The versions of `list`, newest first unless `order` is asc (`limit` null: all of them). */
    async versionsOf(list: WatchlistName, page: { limit: number | null; offset: number; order?: 'asc' | 'desc' }): Promise<{ rows: WatchlistVersionRow[]; total: number }> {
      const { limit, offset, order = 'desc' } = page;
      const rowsQuery = db<WatchlistVersionRow>(VERSIONS).where({ list }).orderBy([{ column: 'created_at', order }, { column: 'id', order }]).offset(offset);
      const [rows, [{ count }]] = await Promise.all([
        limit === null ? rowsQuery : rowsQuery.limit(limit),
        db(VERSIONS).where({ list }).count<Array<{ count: string }>>({ count: '*' }),
      ]);
      return { rows, total: Number(count) };
    },

    /**
     * Starts a version (LOADING). Answers undefined when a version of the list with the same
     * checksum is loading or loaded (the unique index decides, so two loads of the same files at
     * once start one version).
     */
    async start(version: NewWatchlistVersion): Promise<WatchlistVersionRow | undefined> {
      const [row] = await db(VERSIONS)
        .insert({ list: version.list, checksum: version.checksum, layout: version.layout, files: JSON.stringify(version.files), loaded_by: version.loadedBy, created_at: version.at })
        .onConflict(db.raw(`(list, checksum) where status <> 'FAILED'`))
        .ignore()
        .returning<WatchlistVersionRow[]>('*');
      return row;
    },

    /** Records how many entries a loading version has read so far (its progress). */
    async progress(id: string, entriesRead: number): Promise<void> {
      await db(VERSIONS).where({ id, status: 'LOADING' }).update({ entries_read: entriesRead });
    },

    /**
     * Stores the entries of a loading version, makes it READY and current (the list's previous
     * current version stays, not current), in one transaction: a version is current whole or not at all.
     */
    async complete(id: string, entries: readonly WatchlistEntry[], publishedAt: Date | null, at: Date): Promise<WatchlistVersionRow> {
      return db.transaction(async (trx) => {
        const version = await trx<WatchlistVersionRow>(VERSIONS).where({ id }).forUpdate().first();
        if (!version || version.status !== 'LOADING') throw new Error(`watchlist version ${id} is not loading`);
        for (let i = 0; i < entries.length; i += ENTRIES_PER_INSERT) {
          const rows = entries.slice(i, i + ENTRIES_PER_INSERT).map((entry) => ({ version_id: id, uid: entry.uid, entry: JSON.stringify(entry) }));
          await trx(ENTRIES).insert(rows);
        }
        await trx(VERSIONS).where({ list: version.list, is_current: true }).update({ is_current: false });
        const [done] = await trx(VERSIONS)
          .where({ id })
          .update({ status: 'READY', is_current: true, published_at: publishedAt, entries_read: entries.length, entry_count: entries.length, finished_at: at })
          .returning<WatchlistVersionRow[]>('*');
        return done;
      });
    },

    /** Ends a loading version FAILED with its reason (no entries are kept; the current version stays). */
    async fail(id: string, reason: string, at: Date): Promise<WatchlistVersionRow | undefined> {
      const [row] = await db(VERSIONS).where({ id, status: 'LOADING' }).update({ status: 'FAILED', failure_reason: reason, finished_at: at }).returning<WatchlistVersionRow[]>('*');
      return row;
    },

    /** Keeps the uploaded files of a loading version for its job. */
    async putUploads(versionId: string, files: readonly WatchlistFile[]): Promise<void> {
      for (const file of files) await db(UPLOADS).insert({ version_id: versionId, name: file.name, content: file.content }).onConflict(['version_id', 'name']).merge();
    },

    /** The uploaded files of a version (none once it ended). */
    async uploadsOf(versionId: string): Promise<WatchlistFile[]> {
      const rows = await db(UPLOADS).where({ version_id: versionId }).orderBy('name').select<Array<{ name: string; content: Buffer }>>('name', 'content');
      return rows.map((row) => ({ name: row.name, content: row.content }));
    },

    /** Deletes the uploaded files of a version that ended. */
    async dropUploads(versionId: string): Promise<void> {
      await db(UPLOADS).where({ version_id: versionId }).delete();
    },

    /** Every entry of a version, by uid. */
    async entriesOf(versionId: string): Promise<WatchlistEntry[]> {
      const rows = await db(ENTRIES).where({ version_id: versionId }).orderBy('uid').select<Array<{ entry: WatchlistEntry }>>('entry');
      return rows.map((row) => row.entry);
    },
  };
}

/** The versions store type, for injection. */
export type WatchlistVersionsStore = ReturnType<typeof createPgWatchlistVersionsStore>;
