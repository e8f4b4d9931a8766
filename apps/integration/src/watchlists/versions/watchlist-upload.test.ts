import { Readable } from 'node:stream';
import { readWatchlistUpload, UPLOAD_LIMITS } from './watchlist-upload';

const BOUNDARY = 'kybBoundary7MA4YWxk';
type Part = { name: string; filename?: string; content: string | Buffer };

function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks = parts.flatMap((p) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n` + (p.filename === undefined ? '' : 'Content-Type: text/csv\r\n') + '\r\n'),
    Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

const upload = (body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  readWatchlistUpload(Object.assign(Readable.from([body]), { headers: { 'content-type': contentType } }));

describe('an upload of a list version', () => {
  it('reads every file part with its name and bytes, quoted commas and all', async () => {
    const sdn = '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n';
    const files = await upload(multipart([{ name: 'files', filename: 'sdn.csv', content: sdn }, { name: 'files', filename: 'ALT.CSV', content: '36,12,"aka","AERO-CARIBBEAN",-0- \r\n' }]));
    expect(files.map((f) => [f.name, f.content.toString()])).toEqual([
      ['sdn.csv', sdn],
      ['ALT.CSV', '36,12,"aka","AERO-CARIBBEAN",-0- \r\n'],
    ]);
  });

  it.each([
    ['another content type', () => upload(Buffer.from('{}'), 'application/json'), 415, 'UnsupportedMediaTypeError'],
    ['a boundary that is missing', () => upload(Buffer.from('x'), 'multipart/form-data; charset=utf-8'), 400, 'ValidationMiddlewareError'],
    ['a field that is not a file', () => upload(multipart([{ name: 'list', content: 'ofac-sdn' }])), 400, 'ValidationMiddlewareError'],
    ['a file without its name', () => upload(multipart([{ name: 'files', filename: '', content: 'x' }])), 400, 'ValidationMiddlewareError'],
    ['more files than a list has', () => upload(multipart(Array.from({ length: UPLOAD_LIMITS.files + 1 }, (_, i) => ({ name: 'files', filename: `f${i}.csv`, content: 'x' })))), 413, 'PayloadTooLargeError'],
  ])('refuses %s', async (_what, attempt, httpStatus, errorName) => {
    await expect(attempt()).rejects.toMatchObject({ httpStatus, errorName });
  });

  it('reads an empty body as no file, for the file set to refuse', async () => {
    expect(await upload(Buffer.from(`--${BOUNDARY}--\r\n`))).toEqual([]);
  });
});
