import type { RequestHandler } from 'express';
import { access, actorOf, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { toListQuery } from '@kyb/validation';
import {
  createUserBody,
  customerParams,
  customerUserParams,
  customerUserSchema,
  listUsersQuery,
  updateUserBody,
  userListSchema,
  type UserListFilter,
  type UserSearch,
  type UserSort,
} from './users.schemas';
import type { UsersService } from './users.service';
import type { AuditService } from '../audit/audit.service';

const errors: ErrorCases = {
  tenant: 'A customer, or a user of one,',
  notFound: 'Customer not found, or (ADMIN only) user not found; a CUSTOMER naming a user it may not see gets 403',
};

/** E2 and the management of a customer's users. */
export function userRoutes(deps: { users: UsersService; authenticate: RequestHandler; audit: AuditService }): RouteDefinition[] {
  const { users, authenticate, audit } = deps;
  // The tenant after the schema (issue 14): a malformed customerID is 400 for everyone, not 403.
  const checks = [requireTenant()];
  return [
    defineRoute({
      method: 'get',
      path: '/customers/:customerID/users',
      summary: 'List users of a customer (E2)',
      description: 'Query: page, items_per_page (max 100), pagination=false for all, sort[field]=asc|desc, filter[field]=value, search[field]=text.',
      tags: ['Customers'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['customer_user:read']),
      schemas: { params: customerParams, query: listUsersQuery },
      checks,
      errors,
      responses: { 200: { description: 'One page of users', schema: successEnvelope(userListSchema, 'Success') } },
      handler: async (_req, res, { params, query }) => {
        const list = await users.list({ ...toListQuery<UserSort, UserListFilter, UserSearch>(query, ['created_at', 'desc']), customerId: params.customerId });
        res.json(success('Success', list));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/customers/:customerID/users',
      idempotent: true,
      summary: 'Create a user: ACTIVE with a temporary password, or INVITED with a one-time set-up link',
      tags: ['Customers'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['customer_user:create']),
      schemas: { params: customerParams, body: createUserBody },
      checks,
      errors,
      responses: {
        200: {
          description: 'Created; invitation_url is present when no temporary password was given',
          schema: successEnvelope(
            { ...customerUserSchema, properties: { ...customerUserSchema.properties, invitation_url: { type: 'string', format: 'uri' } } },
            'User created successfully',
          ),
        },
        409: { description: 'A user with this email already exists in this customer (another customer\'s users are never told)' },
      },
      handler: async (req, res, { params, body }) => {
        const created = await users.create(params.customerId, body, callerOf(req).userId);
        await audit.recordBy(actorOf(req), {
          customerId: params.customerId,
          action: 'user.created',
          target: { type: 'user', id: created.id },
          details: { status: created.status, subrole: body.subrole_code ?? null },
        });
        res.json(success('User created successfully', created));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/customers/:customerID/users/:userID',
      summary: 'Change a user: status, names, mobile, subrole (INACTIVE revokes its sessions)',
      tags: ['Customers'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['customer_user:write']),
      schemas: { params: customerUserParams, body: updateUserBody },
      checks,
      errors,
      responses: { 200: { description: 'Updated', schema: successEnvelope(customerUserSchema, 'User updated successfully') } },
      handler: async (req, res, { params, body }) => {
        const updated = await users.update(callerOf(req), params.customerId, params.userId, body);
        await audit.recordBy(actorOf(req), {
          customerId: params.customerId,
          action: 'user.updated',
          target: { type: 'user', id: params.userId },
          details: { changed: Object.keys(body).sort().join(','), status: updated.status, subrole: body.subrole_code ?? null },
        });
        res.json(success('User updated successfully', updated));
      },
    }),
  ];
}
