import { toAppError } from './error-handler';
import { isOutage } from './outages';

describe('outages of PostgreSQL, Redis and the network', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it.each([
    ['a backend terminated by pg_terminate_backend (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['a deadlock (40P01)', withCode('deadlock detected', '40P01')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['pg losing its socket', new Error('Connection terminated unexpectedly')],
    ['a knex pool that cannot connect', Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })],
    ['ioredis while Redis is down', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['ioredis giving up on a command', Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' })],
  ])('%s answers a retryable 503 in the envelope, never a 500', (_what, err) => {
    expect(isOutage(err)).toBe(true);
    const answer = toAppError(err);
    expect(answer.httpStatus).toBe(503);
    expect(answer.headers).toEqual({ 'Retry-After': '1' });
    expect(answer.toBody()).toEqual({
      status: 'error',
      message: 'The service is briefly unavailable, retry shortly.',
      errorCode: 'UNKNOWN_ERROR',
      data: { errorName: 'ServiceUnavailableError' },
    });
  });

  it.each([
    ['a unique violation (23505)', withCode('duplicate key value violates unique constraint', '23505')],
    ['a value PostgreSQL refuses (22P02)', withCode('invalid input syntax for type uuid', '22P02')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something thrown that is no error', 'boom'],
  ])('%s is no outage: it stays a 500', (_what, err) => {
    expect(isOutage(err)).toBe(false);
    expect(toAppError(err).httpStatus).toBe(500);
  });
});
