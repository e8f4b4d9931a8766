import { AppError, NotFoundError } from '@kyb/envelope';

/** 404 `NOT_FOUND` 'Report not found' `ReportApiError`. */
export class ReportNotFoundError extends NotFoundError {
  constructor(message = 'Report not found') {
    super(message, 'ReportApiError');
  }
}

/** 403 `UNAUTHORIZED` `SignedUrlError`: a download link that was not signed by us or has expired. */
export class InvalidDownloadLinkError extends AppError {
  constructor() {
    super({ message: 'The download link is invalid or has expired.', httpStatus: 403, errorCode: 'UNAUTHORIZED', errorName: 'SignedUrlError' });
  }
}

/** A report's business is gone: rendering cannot succeed however often it is tried. */
export class ReportBusinessGoneError extends Error {
  constructor() {
    super('The business no longer exists.');
    this.name = 'ReportBusinessGoneError';
  }
}
