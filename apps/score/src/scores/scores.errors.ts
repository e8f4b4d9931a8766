import { NotFoundError } from '@kyb/envelope';

/** 404 `NOT_FOUND` `ScoreNotFoundError`: no successful score of the business in the month asked for. */
export class ScoreNotFoundError extends NotFoundError {
  constructor(year: number, month: number, pending: 'PROCESSING' | 'FAILED' | undefined) {
    const period = `${year}-${String(month).padStart(2, '0')}`;
    const why = {
      PROCESSING: `The score of this business for ${period} is still being calculated.`,
      FAILED: `The score of this business for ${period} could not be calculated.`,
      none: `No score was generated for this business in ${period}.`,
    }[pending ?? 'none'];
    super(why, 'ScoreNotFoundError');
  }
}

/** 404 `NOT_FOUND` `ScoreNotFoundError` for a score id there is none of. */
export class UnknownScoreError extends NotFoundError {
  constructor() {
    super('Score not found', 'ScoreNotFoundError');
  }
}
