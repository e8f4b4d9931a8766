import { standardErrors } from './standard-errors';

const readers = { roles: ['ADMIN', 'CUSTOMER'], permissions: ['businesses:read'] };

describe('standardErrors', () => {
  it('words the token, role, tenant and permission answers of an authenticated route once', () => {
    expect(standardErrors({ auth: true, access: readers, errors: { tenant: 'A business', notFound: 'Business not found (BusinessApiError)' } })).toEqual({
      400: { description: 'A path, query or body that fails its schema (ValidationMiddlewareError); an Authorization header that is not Bearer (AuthenticationMiddlewareError)' },
      401: { description: 'No token, or an invalid or expired one (AuthenticationMiddlewareError, TokenExpiredError); a role other than ADMIN or CUSTOMER (RoleMiddlewareError)' },
      403: { description: 'A business of another tenant (AccessMiddlewareError); a CUSTOMER whose subrole lacks businesses:read (PermissionMiddlewareError)' },
      404: { description: 'Business not found (BusinessApiError)' },
    });
  });

  it('gives a route no 403 it cannot answer: an ADMIN-only route without a tenant or permission', () => {
    expect(Object.keys(standardErrors({ auth: true, access: { roles: ['ADMIN'], permissions: [] } }))).toEqual(['400', '401']);
  });

  it('gives a public route only its schema answer and its own cases, the limit pointing at Retry-After', () => {
    expect(standardErrors({ auth: false, errors: { invalid: 'wrong credentials (SignInApiError)', tooMany: 'Too many attempts', unavailable: 'The mail is down' } })).toEqual({
      400: { description: 'A path, query or body that fails its schema (ValidationMiddlewareError); wrong credentials (SignInApiError)' },
      429: { description: 'Too many attempts; see Retry-After' },
      503: { description: 'The mail is down' },
    });
  });

  it('tells an idempotent route its 503 when the register of keys does not answer, after its own', () => {
    expect(standardErrors({ auth: true, idempotent: true, errors: { unavailable: 'The queue did not take the job' } })[503]).toEqual({
      description: 'The queue did not take the job; the register of Idempotency-Keys did not answer, so nothing was done (ServiceUnavailableError): retry with the same key',
    });
  });

  it('adds the cases a route states to the standard ones: a refresh token refused, a limit forbidden', () => {
    const answers = standardErrors({ auth: false, errors: { unauthenticated: 'A reused refresh token', forbidden: 'The monthly limit is reached' } });
    expect(answers[401]).toEqual({ description: 'A reused refresh token' });
    expect(answers[403]).toEqual({ description: 'The monthly limit is reached' });
  });
});
