import { ValidationError } from '@kyb/envelope';
import { ApplicantNotFoundError } from '../applicants/applicants.errors';
import { OnboardingLimitExhaustedError, OnboardingLimitWillExceedError, RowValidationError } from './onboarding.errors';
import { isOutage } from '@kyb/envelope';
import { runFailureOf, storableFailure } from './run-failures';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('how an onboarding run ends after an error', () => {
  it('retries an outage of the database or the network, and ends the run on the last attempt', () => {
    for (const err of [withCode('08006'), withCode('40001'), withCode('40P01'), withCode('57P01'), withCode('53300'), withCode('ECONNREFUSED')]) {
      expect(isOutage(err)).toBe(true);
      expect(runFailureOf(err, false)).toBeNull();
      expect(runFailureOf(err, true)).toEqual({ failure_reason: 'The database did not answer on any attempt; nothing was stored.', unexpected: true });
    }
    expect(isOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isOutage(Object.assign(new Error('Knex: Timeout acquiring a connection'), { name: 'KnexTimeoutError' }))).toBe(true);
  });

  it.each([
    ['invalid byte sequence (a NUL)', withCode('22021', 'invalid byte sequence for encoding "UTF8": 0x00'), 'A row holds a value the database cannot store; nothing was stored.'],
    ['a datetime out of range', withCode('22008'), 'A row holds a value the database cannot store; nothing was stored.'],
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint "x"'), 'A row conflicts with data stored meanwhile (a duplicate); nothing was stored.'],
    ['a check violation', withCode('23514'), 'A row breaks a rule of the stored data; nothing was stored.'],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'trim')"), 'The run failed unexpectedly; nothing was stored.'],
  ])('ends the run FAILED for good on %s, with a reason holding no SQL or value', (_case, err, reason) => {
    expect(isOutage(err)).toBe(false);
    expect(runFailureOf(err, false)).toEqual({ failure_reason: reason, unexpected: true });
  });

  it('keeps the failed rows of row checks and the message of a client error', () => {
    const failed = { 0: { message: 'Validation failed. Error details:', data: [] } };
    expect(runFailureOf(new RowValidationError('r', failed), false)).toEqual({ failure_reason: 'Bulk process had errors', failed_rows: failed, unexpected: false });
    expect(runFailureOf(new ValidationError('body must have at least 1 row'), false)).toEqual({ failure_reason: 'body must have at least 1 row', unexpected: false });
  });

  it.each([
    ['the monthly limit is used up', new OnboardingLimitExhaustedError(), 'Monthly onboarding limit exhausted.'],
    ['the rows would pass the monthly limit', new OnboardingLimitWillExceedError(), 'Onboarding limit will be reached, check remaining limit count.'],
    ['a row names an unknown applicant', new ApplicantNotFoundError(), 'Applicant not found'],
  ])('ends the run FAILED for good, with the message, when %s', (_case, err, reason) => {
    expect(runFailureOf(err, false)).toEqual({ failure_reason: reason, unexpected: false });
  });

  it('stores failed rows with NULs and lone surrogates replaced', () => {
    const failure = { failure_reason: 'Bulk process had errors', failed_rows: { 1: { data: [{ value: 'a\u0000\ud800' }] } }, unexpected: false };
    expect(storableFailure(failure)).toEqual({ failure_reason: 'Bulk process had errors', failed_rows: { 1: { data: [{ value: 'a\ufffd\ufffd' }] } } });
  });
});
