import type { Request } from 'express';
import type { Role } from '@kyb/auth';
import { success } from '@kyb/envelope';
import type { RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { signInBody, signInResult } from './sign-in.schemas';
import type { SignInService } from './sign-in.service';
import type { ApplicantSignInService } from './applicant-sign-in.service';
import { emailSchema, strictObject } from '@kyb/validation';

/** ARCHITECTURE.md: the sign-in message, outer and inner envelope. */
export const SIGNED_IN = 'Logged In successfully';

/** The client address rate limits count by (the gateway's forwarded address when trust proxy is set). */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

function signInRoute(path: string, role: Role, summary: string, signIn: SignInService): RouteDefinition {
  return {
    method: 'post',
    path,
    summary,
    tags: ['Sign-in'],
    auth: false,
    schemas: { body: signInBody },
    responses: {
      200: { description: 'Signed in: the double envelope of contract 2.10', schema: successEnvelope(successEnvelope(signInResult, SIGNED_IN), SIGNED_IN) },
      400: { description: 'Invalid body, wrong credentials, or an account that may not sign in (SignInApiError)' },
      405: { description: 'Method Not Allowed' },
      429: { description: 'Too many attempts for this email or address; see Retry-After' },
    },
    handler: async (req, res) => {
      const result = await signIn.signIn(role, req.body.email, req.body.password, clientAddress(req));
      res.json(success(SIGNED_IN, success(SIGNED_IN, result)));
    },
  };
}

const applicantBody = strictObject(
  {
    email: emailSchema,
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    invite_token: { type: 'string', minLength: 1, maxLength: 100 },
  },
  ['email', 'password'],
);

/** E8 customer sign-in, the platform admin's sign-in, and the applicant's sign-in with an invitation. */
export function signInRoutes(deps: { signIn: SignInService; applicantSignIn: ApplicantSignInService }): RouteDefinition[] {
  return [
    signInRoute('/customer/sign-in', 'CUSTOMER', 'Customer sign-in (E8)', deps.signIn),
    signInRoute('/admin/sign-in', 'ADMIN', 'Platform admin sign-in', deps.signIn),
    {
      method: 'post',
      path: '/applicant/sign-in',
      summary: 'Applicant sign-in: invite_token (the invitation id) creates the login on first use',
      tags: ['Sign-in'],
      auth: false,
      schemas: { body: applicantBody },
      responses: {
        200: { description: 'Signed in as APPLICANT, limited to the invited businesses (business_ids claim)', schema: successEnvelope(successEnvelope(signInResult, SIGNED_IN), SIGNED_IN) },
        400: { description: 'Invalid body, wrong credentials, a password the policy refuses, or an invitation not valid, expired or used' },
        429: { description: 'Too many attempts' },
      },
      handler: async (req, res) => {
        const { email, password, invite_token: inviteToken } = req.body as { email: string; password: string; invite_token?: string };
        const result = await deps.applicantSignIn.signIn(email, password, inviteToken, clientAddress(req));
        res.json(success(SIGNED_IN, success(SIGNED_IN, result)));
      },
    },
  ];
}
