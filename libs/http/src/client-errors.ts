import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError, ValidationError } from '@kyb/envelope';

/** 431 for a request line and headers over Node's limit (16 KB): answered before Express runs. */
class RequestHeadersTooLargeError extends AppError {
  constructor() {
    super({
      message: 'Request line and headers are larger than the limit of 16 KB',
      httpStatus: 431,
      errorCode: 'INVALID',
      errorName: 'RequestHeadersTooLargeError',
    });
  }
}

/** The error a request Node's HTTP parser refused gets, by the parser's error code. */
function errorFor(code: string | undefined): AppError {
  if (code === 'HPE_HEADER_OVERFLOW') return new RequestHeadersTooLargeError();
  return new ValidationError('Malformed HTTP request');
}

/**
 * Answers, in the envelope, the requests Node's HTTP parser refuses before any app sees them (an
 * oversized request head, a malformed request line or header), instead of Node's bare
 * `400 Bad Request` with no body; the connection is closed after the answer.
 */
export function answerClientErrorsInEnvelope(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection the client reset, or one already answered, has nobody to answer.
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const error = errorFor(err.code);
    const body = JSON.stringify(error.toBody());
    socket.end(
      [
        `HTTP/1.1 ${error.httpStatus} ${STATUS_CODES[error.httpStatus]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}
