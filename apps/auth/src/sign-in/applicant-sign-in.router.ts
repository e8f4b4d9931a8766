import { originOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { emailSchema, strictObject } from '@kyb/validation';
import { EMAIL_CODE_DIGITS, EMAIL_CODE_SENT } from '../email-proofs/email-proofs.service';
import { clientAddress } from '../shared/client-address';
import type { ApplicantSignInService } from './applicant-sign-in.service';
import { signInResult } from './sign-in.schemas';
import type { AuditService } from '../audit/audit.service';
import { SIGNED_IN } from './sign-in.router';

const applicantBody = strictObject(
  {
    email: emailSchema,
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    invite_token: { type: 'string', minLength: 1, maxLength: 100 },
    email_code: { type: 'string', pattern: `^[0-9]{${EMAIL_CODE_DIGITS}}$`, description: 'The code mailed by the previous (202) answer' },
  },
  ['email', 'password'],
);

const codeSent = successEnvelope(
  {
    type: 'object',
    required: ['verification_required', 'expires_in_seconds'],
    properties: { verification_required: { type: 'boolean', const: true }, expires_in_seconds: { type: 'integer' } },
  },
  EMAIL_CODE_SENT,
);

/** The applicant's sign-in: with an invitation, a claim of the email is proven by a mailed code (docs/adr/0010). */
export function applicantSignInRoutes(deps: { applicantSignIn: ApplicantSignInService; audit: AuditService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/applicant/sign-in',
      summary: 'Applicant sign-in; with invite_token (the invitation id) a new claim of the email is proven by a mailed code (email_code)',
      description:
        'A verified applicant signs in with email and password, and may bring an invitation (of any customer) to accept it. ' +
        'Otherwise an invite_token makes the auth area mail an 8-digit code to the invitation\'s email and answer 202; the same body ' +
        'with email_code then claims the identity with that password and accepts the invitation. Sending again without email_code ' +
        'sends a new code (a limited number of times).',
      tags: ['Sign-in'],
      auth: false,
      schemas: { body: applicantBody },
      responses: {
        200: {
          description: 'Signed in as APPLICANT, limited to the businesses of its accepted invitations (business_ids claim; customer_id null)',
          schema: successEnvelope(successEnvelope(signInResult, SIGNED_IN), SIGNED_IN),
        },
        202: { description: 'A verification code was mailed; send the same body with email_code', schema: codeSent },
      },
      errors: {
        invalid:
          'wrong credentials, a password the policy refuses, an invitation not valid, expired or used, or a verification code that is wrong, expired or spent (SignInApiError)',
        tooMany: 'Too many attempts, or too many codes sent',
        unavailable: 'The code could not be mailed (ServiceUnavailableError); nothing is pending, try again',
      },
      handler: async (req, res, { body }) => {
        const outcome = await deps.audit.signInAttempt(originOf(req), 'APPLICANT', () =>
          deps.applicantSignIn.signIn({
            email: body.email,
            password: body.password,
            inviteToken: body.invite_token,
            emailCode: body.email_code,
            address: clientAddress(originOf(req)),
            // An applicant belongs to no customer: its sign-ins join the platform's chain, with the session (ADR 0034).
            signedIn: deps.audit.signedIn(originOf(req), 'APPLICANT'),
          }),
        );
        if ('codeSent' in outcome) {
          res.status(202).json(success(EMAIL_CODE_SENT, { verification_required: true, expires_in_seconds: outcome.codeSent.expiresInSeconds }));
          return;
        }
        res.json(success(SIGNED_IN, success(SIGNED_IN, outcome.signedIn)));
      },
    }),
  ];
}
