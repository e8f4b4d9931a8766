import { AppError, DuplicateError, NotFoundError } from '@kyb/envelope';

/** 404 `NOT_FOUND` `WeightageConfigNotFoundError`: no config of this id. */
export class WeightageConfigNotFoundError extends NotFoundError {
  constructor() {
    super('Weightage config not found', 'WeightageConfigNotFoundError');
  }
}

/** 409 `DUPLICATE` `WeightageConfigApiError`: a config of this version exists; versions are never reused. */
export class WeightageConfigVersionTakenError extends DuplicateError {
  constructor(version: string) {
    super(`A weightage config with version ${version} already exists.`, 'WeightageConfigApiError');
  }
}

/** 400 `INVALID` `WeightageConfigValidationError`: the config's shape is valid but its numbers are not (`data.problems` says why). */
export class WeightageConfigInvalidError extends AppError {
  constructor(problems: string[]) {
    super({
      message: 'The weightage config is not valid.',
      httpStatus: 400,
      errorCode: 'INVALID',
      errorName: 'WeightageConfigValidationError',
      data: { problems },
    });
  }
}
