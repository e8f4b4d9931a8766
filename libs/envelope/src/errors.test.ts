import { AppError, ValidationError } from './errors';

describe('AppError', () => {
  it('is recognised across copies of the library by its brand, while subclasses keep their own identity', () => {
    const foreign = Object.assign(Object.create(Error.prototype), { [Symbol.for('kyb.AppError')]: true });
    expect(foreign instanceof AppError).toBe(true);
    expect(new ValidationError('x') instanceof AppError).toBe(true);
    expect(new Error('x') instanceof AppError).toBe(false);
    expect(new AppError({ message: 'm', httpStatus: 400, errorCode: 'INVALID', errorName: 'E' }) instanceof ValidationError).toBe(false);
  });

  it('answers status fail below 500 and error from 500, with errorName and extra data', () => {
    const client = new AppError({ message: 'm', httpStatus: 404, errorCode: 'NOT_FOUND', errorName: 'X', data: { id: '1' } });
    expect(client.toBody()).toEqual({ status: 'fail', message: 'm', errorCode: 'NOT_FOUND', data: { errorName: 'X', id: '1' } });
    const server = new AppError({ message: 'm', httpStatus: 503, errorCode: 'UNKNOWN_ERROR', errorName: 'Y' });
    expect(server.toBody().status).toBe('error');
  });
});
