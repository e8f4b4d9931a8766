import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '@kyb/envelope';
import type { WatchlistFile } from './watchlist-files';

/** What an upload of a list version may hold: OFAC's advanced XML of the SDN list is about 100 MB. */
export const UPLOAD_LIMITS = { fileBytes: 256 * 1024 * 1024, files: 4, label: '256 MB a file, 4 files' } as const;

/**
 * Reads the files of a `multipart/form-data` upload (each part a file, named as OFAC names it).
 * Anything else is a clear 4xx: another content type (415), a broken body or a field that is not
 * a file (400), a file over the limit or too many files (413).
 */
export function readWatchlistUpload(request: Readable & { headers: IncomingHttpHeaders }): Promise<WatchlistFile[]> {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    return Promise.reject(new UnsupportedMediaTypeError('A list version is uploaded as multipart/form-data, one part a file (sdn.csv, add.csv, ... or SDN_ADVANCED.XML).'));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers, limits: { fileSize: UPLOAD_LIMITS.fileBytes, files: UPLOAD_LIMITS.files, fields: 0 } });
    } catch {
      reject(new ValidationError('The multipart body has no readable boundary.'));
      return;
    }
    const files: WatchlistFile[] = [];
    let failed: Error | undefined;
    const fail = (err: Error) => {
      if (failed) return;
      failed = err;
      request.unpipe(parser);
      request.resume();
      reject(err);
    };
    parser.on('file', (_field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new PayloadTooLargeError(UPLOAD_LIMITS.label)));
      stream.on('close', () => {
        if (!failed) files.push({ name: info.filename ?? '', content: Buffer.concat(chunks) });
      });
    });
    parser.on('field', (name) => fail(new ValidationError(`The part ${JSON.stringify(name)} is not a file: every part of the upload is a file of the list.`)));
    parser.on('filesLimit', () => fail(new PayloadTooLargeError(UPLOAD_LIMITS.label)));
    parser.on('partsLimit', () => fail(new PayloadTooLargeError(UPLOAD_LIMITS.label)));
    parser.on('fieldsLimit', () => fail(new ValidationError('Every part of the upload is a file of the list.')));
    parser.on('error', () => fail(new ValidationError('The multipart body could not be read.')));
    parser.on('close', () => {
      if (failed) return;
      const unnamed = files.find((f) => f.name.trim() === '');
      if (unnamed) fail(new ValidationError('Every file part needs its file name (sdn.csv, add.csv, ...).'));
      else resolve(files);
    });
    request.pipe(parser);
  });
}
