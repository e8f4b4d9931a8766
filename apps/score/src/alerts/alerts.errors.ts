import { AppError, NotFoundError } from '@kyb/envelope';

/** 404 `NOT_FOUND` `AlertNotFoundError`: the customer has no alert with this id (to an ADMIN; others get the tenant refusal). */
export class AlertNotFoundError extends NotFoundError {
  constructor() {
    super('Alert not found', 'AlertNotFoundError');
  }
}

/**
 * 409 `NOT_ALLOWED` `AlertStateError`: the alert cannot move to the state asked for from the one it
 * is in (OPEN -> ACKNOWLEDGED, OPEN or ACKNOWLEDGED -> RESOLVED are the only moves).
 */
export class AlertStateError extends AppError {
  constructor(from: string, to: string) {
    super({
      message: `An alert that is ${from} cannot become ${to}: only OPEN -> ACKNOWLEDGED and OPEN or ACKNOWLEDGED -> RESOLVED are allowed.`,
      httpStatus: 409,
      errorCode: 'NOT_ALLOWED',
      errorName: 'AlertStateError',
      data: { status: from },
    });
  }
}
