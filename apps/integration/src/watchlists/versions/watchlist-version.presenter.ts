import type { JsonSchema } from '@kyb/validation';
import type { WatchlistVersionRow } from './watchlist-versions.store';

/** A list version as the admin routes show it. */
export function presentWatchlistVersion(row: WatchlistVersionRow) {
  return {
    id: row.id,
    list: row.list,
    status: row.status,
    is_current: row.is_current,
    checksum: row.checksum,
    published_at: row.published_at?.toISOString() ?? null,
    layout: row.layout,
    files: row.files,
    entries_read: row.entries_read,
    entry_count: row.entry_count,
    failure_reason: row.failure_reason,
    loaded_by: row.loaded_by,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

const timestamp = { type: 'string', format: 'date-time' } as const;
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;

/** The shape of {@link presentWatchlistVersion}. */
export const watchlistVersionSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'list', 'status', 'is_current', 'checksum', 'published_at', 'layout', 'files', 'entries_read', 'entry_count', 'failure_reason', 'loaded_by', 'created_at', 'finished_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    list: { type: 'string', enum: ['ofac-sdn', 'ofac-consolidated'] },
    status: { type: 'string', enum: ['LOADING', 'READY', 'FAILED'], description: 'LOADING while its job reads the files; READY once its entries are stored; FAILED with the reason' },
    is_current: { type: 'boolean', description: 'the version screenings use now (one per list)' },
    checksum: { type: 'string', description: 'sha256 of the files: the same files make the same version' },
    published_at: { ...nullableTimestamp, description: 'the publish date the files carry, when they carry one' },
    layout: { type: 'string', enum: ['csv', 'advanced-xml'] },
    files: { type: 'array', items: { type: 'object', required: ['name', 'bytes'], properties: { name: { type: 'string' }, bytes: { type: 'integer' } } } },
    entries_read: { type: 'integer', description: 'entries read so far (the progress of a loading version)' },
    entry_count: { type: ['integer', 'null'], description: 'entries of a READY version' },
    failure_reason: { type: ['string', 'null'], description: 'why it FAILED: the file, the line and the reason of a malformed file' },
    loaded_by: { type: ['string', 'null'], format: 'uuid', description: 'the platform admin who uploaded it; null from the command line' },
    created_at: timestamp,
    finished_at: nullableTimestamp,
  },
};
