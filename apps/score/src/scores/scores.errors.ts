import { AppError, NotFoundError } from '@kyb/envelope';

type Status = 'PROCESSING' | 'SUCCESS' | 'FAILED';

/**
 * 404 `NOT_FOUND` `ScoreNotFoundError`: no score of the business in the month asked for (in the state
 * asked for, if any). When one was asked SUCCESS, says whether the last score is calculating or failed.
 */
export class ScoreNotFoundError extends NotFoundError {
  constructor(year: number, month: number, asked: Status | undefined, last: Status | undefined) {
    const period = `${year}-${String(month).padStart(2, '0')}`;
    const why =
      last === undefined || asked === undefined
        ? `No score was generated for this business in ${period}.`
        : asked === 'SUCCESS' && last === 'PROCESSING'
          ? `The score of this business for ${period} is still being calculated.`
          : asked === 'SUCCESS' && last === 'FAILED'
            ? `The score of this business for ${period} could not be calculated.`
            : `No ${asked} score was generated for this business in ${period}.`;
    super(why, 'ScoreNotFoundError');
  }
}

/** 404 `NOT_FOUND` `ScoreNotFoundError` for a score id there is none of. */
export class UnknownScoreError extends NotFoundError {
  constructor() {
    super('Score not found', 'ScoreNotFoundError');
  }
}

/** Why a score without any input is FAILED (the single and the batch paths store the same). */
export const NO_INPUTS_REASON = 'No factor has an input: neither public records nor financials have been fetched for this business.';
/** Why a score whose last attempt failed unexpectedly is FAILED. */
export const UNEXPECTED_REASON = 'The score could not be computed because of an internal error.';

/** 409 `NOT_ALLOWED` `ScoreNotRecomputableError`: only a SUCCESS score that kept its inputs can be computed again. */
export class ScoreNotRecomputableError extends AppError {
  constructor(status: Status, hasSnapshot: boolean) {
    const message =
      status !== 'SUCCESS'
        ? `Only a successful score can be recomputed: this one is ${status}.`
        : hasSnapshot
          ? 'This score cannot be recomputed.'
          : 'This score was computed before scores kept their inputs: it cannot be recomputed.';
    super({ message, httpStatus: 409, errorCode: 'NOT_ALLOWED', errorName: 'ScoreNotRecomputableError' });
  }
}
