import { originOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { clientAddress } from '../shared/client-address';
import { completeSetupBody } from './account-setup.schemas';
import type { AccountSetupService } from './account-setup.service';

/** The set-up step a new customer user takes before the first sign-in. */
export function accountSetupRoutes(deps: { accountSetup: AccountSetupService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/customer/complete-setup',
      summary: 'Set the password with a temporary password or an invitation token; activates the user',
      tags: ['Sign-in'],
      auth: false,
      schemas: { body: completeSetupBody },
      errors: { invalid: 'a password the policy refuses, or credentials that do not match', tooMany: 'Too many attempts' },
      responses: {
        200: { description: 'Set up; the user can sign in', schema: successEnvelope({ type: 'object' }, 'Account setup completed successfully') },
      },
      handler: async (req, res, { body }) => {
        res.json(success('Account setup completed successfully', await deps.accountSetup.complete(body, clientAddress(originOf(req)))));
      },
    }),
  ];
}
