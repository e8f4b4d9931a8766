import { AppError, NotFoundError } from '@kyb/envelope';
import type { ConnectionStatus } from './screening-connection';

/** 400 `INVALID`: screening credentials that cannot be used (a key or certificate that does not parse or match). */
export class ScreeningCredentialsError extends AppError {
  constructor(message: string) {
    super({ message, httpStatus: 400, errorCode: 'INVALID', errorName: 'ScreeningCredentialsError' });
  }
}

/**
 * 409 `NOT_ALLOWED`: a screening needs a `CONNECTED` screening connection. The message names the
 * status; `data.statusConnection` is the status as the connection check answers it.
 */
export class ScreeningConnectionError extends AppError {
  constructor(statusConnection: ConnectionStatus) {
    super({
      message: `Screening connection is not established (${statusConnection.status}): ${advice(statusConnection)}`,
      httpStatus: 409,
      errorCode: 'NOT_ALLOWED',
      errorName: 'ScreeningConnectionError',
      data: { statusConnection },
    });
  }
}

function advice(statusConnection: ConnectionStatus): string {
  switch (statusConnection.status) {
    case 'NOT_CONNECTED':
      return 'store the screening credentials first.';
    case 'EXPIRED':
      return 'the certificate has expired; store new screening credentials.';
    default:
      return `${statusConnection.message} Store valid screening credentials.`;
  }
}

/** 400 `INVALID`: the request names no ICA and the stored credentials hold none either. */
export class ScreeningIcasMissingError extends AppError {
  constructor() {
    super({
      message: 'No ICAs to search: give icas in the body or store default icas with the screening credentials.',
      httpStatus: 400,
      errorCode: 'INVALID',
      errorName: 'ScreeningIcasError',
    });
  }
}

/** 404 `NOT_FOUND` `ScreeningNotFoundError`: no screening (at all, or with that id) for the business. */
export class ScreeningNotFoundError extends NotFoundError {
  constructor(message = 'No screening has been run for this business.') {
    super(message, 'ScreeningNotFoundError');
  }
}

/** Stored credentials that cannot be opened (another encryption key, or damaged): the connection is in ERROR. */
export class StoredCredentialsUnreadableError extends Error {
  constructor() {
    super('The stored screening credentials could not be read.');
    this.name = 'StoredCredentialsUnreadableError';
  }
}

/** A failure no retry can mend: the screening is FAILED at once with this client-safe reason. */
export class PermanentScreeningFailure extends Error {}
