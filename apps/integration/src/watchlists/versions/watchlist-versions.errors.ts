import { AppError, NotFoundError } from '@kyb/envelope';

/** 404 for a version of another list, or none. */
export class WatchlistVersionNotFoundError extends NotFoundError {
  constructor() {
    super('Watchlist version not found', 'WatchlistVersionNotFoundError');
  }
}

/** 400: the uploaded files do not make one of the list's official layouts (the message says what is wrong). */
export class WatchlistFilesRefusedError extends AppError {
  constructor(message: string) {
    super({ message, httpStatus: 400, errorCode: 'INVALID', errorName: 'WatchlistFilesError' });
  }
}
