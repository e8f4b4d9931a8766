import { AppError, NotFoundError } from '@kyb/envelope';

/**
 * 409 `NOT_ALLOWED` `ScoreNotExplainableError`: only a SUCCESS score that kept its inputs (a
 * snapshot) can be explained or varied; the message says which of the two it lacks.
 */
export class ScoreNotExplainableError extends AppError {
  constructor(reason: { status: string } | 'NO_SNAPSHOT') {
    const message =
      reason === 'NO_SNAPSHOT'
        ? 'This score was computed before scores kept their inputs, so it cannot be explained. Generate a new score.'
        : reason.status === 'PROCESSING'
          ? 'This score is still being calculated: only a SUCCESS score can be explained.'
          : `This score is ${reason.status}: only a SUCCESS score can be explained.`;
    super({ message, httpStatus: 409, errorCode: 'NOT_ALLOWED', errorName: 'ScoreNotExplainableError' });
  }
}

/** 400 `INVALID` `ScoreDiffRangeError`: the month to compare from is after the month to compare to. */
export class ScoreDiffRangeError extends AppError {
  constructor(from: string, to: string) {
    super({ message: `from (${from}) must not be after to (${to}).`, httpStatus: 400, errorCode: 'INVALID', errorName: 'ScoreDiffRangeError' });
  }
}

/** 404 `NOT_FOUND` `ScoreNotFoundError`: the business has no SUCCESS score to vary. */
export class NoSuccessfulScoreError extends NotFoundError {
  constructor() {
    super('This business has no successful score yet: a what-if starts from the latest SUCCESS score.', 'ScoreNotFoundError');
  }
}

/** 400 `INVALID` `WhatIfOverrideError`: an override the score's inputs or config cannot take (unknown factor code or record id, ...). */
export class WhatIfOverrideError extends AppError {
  constructor(message: string) {
    super({ message, httpStatus: 400, errorCode: 'INVALID', errorName: 'WhatIfOverrideError' });
  }
}
