import { originOf, type Role } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { clientAddress } from '../shared/client-address';
import { signInBody, signInResult } from './sign-in.schemas';
import type { SignInService } from './sign-in.service';
import type { AuditService } from '../audit/audit.service';

/** ARCHITECTURE.md: the sign-in message, outer and inner envelope. */
export const SIGNED_IN = 'Logged In successfully';

function signInRoute(path: string, role: Role, summary: string, signIn: SignInService, audit: AuditService): RouteDefinition {
  return defineRoute({
    method: 'post',
    path,
    summary,
    tags: ['Sign-in'],
    auth: false,
    schemas: { body: signInBody },
    responses: {
      200: { description: 'Signed in: the double envelope of contract 2.10', schema: successEnvelope(successEnvelope(signInResult, SIGNED_IN), SIGNED_IN) },
      405: { description: 'Method Not Allowed' },
    },
    errors: { invalid: 'wrong credentials, or an account that may not sign in (SignInApiError)', tooMany: 'Too many attempts for this email or address' },
    handler: async (req, res, { body }) => {
      // The entry of a success is appended with the session (ADR 0034); a refusal's, by signInAttempt.
      const origin = originOf(req);
      const result = await audit.signInAttempt(origin, role, () => signIn.signIn(role, body.email, body.password, clientAddress(origin), audit.signedIn(origin, role)));
      res.json(success(SIGNED_IN, success(SIGNED_IN, result)));
    },
  });
}

/** E8 customer sign-in and the platform admin's sign-in (the applicant's: applicant-sign-in.router.ts). */
export function signInRoutes(deps: { signIn: SignInService; audit: AuditService }): RouteDefinition[] {
  return [
    signInRoute('/customer/sign-in', 'CUSTOMER', 'Customer sign-in (E8)', deps.signIn, deps.audit),
    signInRoute('/admin/sign-in', 'ADMIN', 'Platform admin sign-in', deps.signIn, deps.audit),
  ];
}
