import { createHash } from 'node:crypto';
import type { Knex } from '@kyb/db';

/** A stored file. */
export interface StoredFile {
  content: Buffer;
  contentType: string;
}

/**
 * Where rendered reports live. The default keeps them in PostgreSQL so any report pod serves
 * what another rendered; an object store is one more implementation. `put` overwrites: the same
 * report always has the same path, so a retried render never leaves two files.
 */
export interface ReportStorage {
  put(path: string, file: StoredFile): Promise<void>;
  get(path: string): Promise<StoredFile | undefined>;
  /** Deletes the file, if there is one (a render that lost its report to an erasure leaves none behind). */
  remove(path: string): Promise<void>;
}

/** {@link ReportStorage} in the `reports.report_files` table. */
export function createPgReportStorage(db: Knex): ReportStorage {
  return {
    async put(path, file) {
      await db('reports.report_files')
        .insert({
          path,
          content: file.content,
          content_type: file.contentType,
          byte_size: file.content.length,
          sha256: createHash('sha256').update(file.content).digest('hex'),
        })
        .onConflict('path')
        .merge(['content', 'content_type', 'byte_size', 'sha256']);
    },
    async remove(path) {
      await db('reports.report_files').where({ path }).delete();
    },
    async get(path) {
      const row = await db('reports.report_files').where({ path }).first<{ content: Buffer; content_type: string } | undefined>('content', 'content_type');
      return row ? { content: row.content, contentType: row.content_type } : undefined;
    },
  };
}
