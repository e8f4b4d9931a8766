import type { RequestHandler } from 'express';
import type { AuditService } from '../audit/audit.service';
import type { Role } from '@kyb/auth';
import { access, actorOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { strictObject } from '@kyb/validation';
import type { SigningKeysService } from '../signing-keys/signing-keys.service';
import { RefreshTokenRequiredError } from './sessions.errors';
import type { SessionsService } from './sessions.service';

const refreshBody = strictObject({ refresh_token: { type: 'string', minLength: 1, maxLength: 512 } }, ['refresh_token']);
const logoutBody = strictObject({ refresh_token: { type: 'string', minLength: 1, maxLength: 512 } });

/** ARCHITECTURE.md: a missing refresh token is its own error, checked before the schema. */
const requireRefreshToken: RequestHandler = (req, _res, next) => {
  // A guard: it runs before the body is validated, so the body may be anything.
  const body: unknown = req.body;
  const token = typeof body === 'object' && body !== null && 'refresh_token' in body ? body.refresh_token : undefined;
  if (token === undefined || token === null || token === '') throw new RefreshTokenRequiredError();
  next();
};

function refreshRoute(path: string, role: Role, sessions: SessionsService): RouteDefinition {
  return defineRoute({
    method: 'post',
    path,
    summary: `Exchange a ${role.toLowerCase()} refresh token for new tokens (the refresh token rotates)`,
    tags: ['Sessions'],
    auth: false,
    guards: [requireRefreshToken],
    schemas: { body: refreshBody },
    responses: {
      200: {
        description: 'New tokens; the presented refresh token is spent',
        schema: successEnvelope({
          type: 'object',
          required: ['access_token', 'id_token', 'refresh_token'],
          properties: { access_token: { type: 'string' }, id_token: { type: 'string' }, refresh_token: { type: 'string' } },
        }, 'Success'),
      },
    },
    errors: {
      invalid: 'Refresh Token is Required',
      unauthenticated: 'An unknown, expired, revoked or reused refresh token (reuse revokes the family)',
    },
    handler: async (_req, res, { body }) => {
      res.json(success('Success', await sessions.refresh(body.refresh_token, role)));
    },
  });
}

/** Refresh, logout and the JWKS. */
export function sessionRoutes(deps: { sessions: SessionsService; signingKeys: SigningKeysService; authenticate: RequestHandler; audit: AuditService }): RouteDefinition[] {
  return [
    refreshRoute('/refresh-token/customer', 'CUSTOMER', deps.sessions),
    refreshRoute('/refresh-token/admin', 'ADMIN', deps.sessions),
    refreshRoute('/refresh-token/applicant', 'APPLICANT', deps.sessions),
    defineRoute({
      method: 'post',
      path: '/customer/logout',
      summary: "Log out: end the caller's session and the given refresh token's, or every session of the caller; their tokens stop working in every area within a second",
      tags: ['Sessions'],
      auth: true,
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER', 'APPLICANT']),
      schemas: { body: logoutBody },
      responses: { 200: { description: 'Logged out', schema: successEnvelope({ type: 'object' }, 'Logout successful') } },
      handler: async (req, res, { body }) => {
        const caller = actorOf(req);
        await deps.sessions.logout(caller.userId, caller.sessionId, body.refresh_token);
        await deps.audit.recordBy(caller, {
          customerId: caller.customerId,
          action: 'session.revoked',
          target: { type: 'session', id: caller.sessionId },
          details: { scope: body.refresh_token === undefined ? 'every session of the user' : 'this session and the given refresh token' },
        });
        res.json(success('Logout successful', {}));
      },
    }),
    {
      method: 'get',
      path: '/.well-known/jwks.json',
      summary: 'Public keys that verify the suite\'s tokens',
      tags: ['Sessions'],
      auth: false,
      responses: { 200: { description: 'JSON Web Key Set', schema: { type: 'object', properties: { keys: { type: 'array' } } } } },
      handler: async (_req, res) => {
        res.set('Cache-Control', 'public, max-age=300').json({ keys: await deps.signingKeys.publicKeys() });
      },
    },
  ];
}
