import type { RequestHandler } from 'express';
import { access, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { createCustomerBody, customerParams, customerSchema, updateCustomerBody } from './customers.schemas';
import type { AuditService } from '../audit/audit.service';
import type { CustomersService } from './customers.service';

const errors = {
  400: { description: 'Invalid body or path (ValidationMiddlewareError)' },
  401: { description: 'Missing or invalid token, or a role that may not do this' },
  403: { description: 'Another tenant (AccessMiddlewareError), or a missing permission (PermissionMiddlewareError)' },
  404: { description: 'Customer not found' },
};

/** Platform administration of customers: create, read, change limit and feature switches. */
export function customerRoutes(deps: { customers: CustomersService; authenticate: RequestHandler; audit: AuditService }): RouteDefinition[] {
  const { customers, authenticate, audit } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/customers',
      idempotent: true,
      summary: 'Create a customer (tenant)',
      tags: ['Customers'],
      auth: true,
      ...access(authenticate, ['ADMIN']),
      schemas: { body: createCustomerBody },
      responses: { 200: { description: 'Created', schema: successEnvelope(customerSchema, 'Customer created successfully') }, ...errors },
      handler: async (req, res, { body }) => {
        const created = await customers.create(body.name, callerOf(req).userId);
        await audit.recordBy(req, callerOf(req), { customerId: created.id, action: 'customer.created', target: { type: 'customer', id: created.id } });
        res.json(success('Customer created successfully', created));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/customers/:customerID',
      summary: 'Read a customer with its onboarding limit and feature switches',
      tags: ['Customers'],
      auth: true,
      // The customer's own settings (name, limit, switches) are its profile.
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:read']),
      schemas: { params: customerParams },
      checks: [requireTenant()],
      responses: { 200: { description: 'The customer', schema: successEnvelope(customerSchema, 'Success') }, ...errors },
      handler: async (_req, res, { params }) => {
        res.json(success('Success', await customers.get(params.customerId)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/customers/:customerID',
      summary: 'Change name, monthly onboarding limit (null: unlimited) or feature switches (merged)',
      tags: ['Customers'],
      auth: true,
      ...access(authenticate, ['ADMIN']),
      schemas: { params: customerParams, body: updateCustomerBody },
      responses: { 200: { description: 'Updated', schema: successEnvelope(customerSchema, 'Customer updated successfully') }, ...errors },
      handler: async (req, res, { params, body }) => {
        const updated = await customers.update(params.customerId, body, callerOf(req).userId);
        await audit.recordBy(req, callerOf(req), {
          customerId: params.customerId,
          action: 'customer.updated',
          target: { type: 'customer', id: params.customerId },
          details: { changed: Object.keys(body).sort().join(',') },
        });
        res.json(success('Customer updated successfully', updated));
      },
    }),
  ];
}
