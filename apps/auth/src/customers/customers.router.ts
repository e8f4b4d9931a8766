import type { RequestHandler } from 'express';
import { access, actorOf, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { createCustomerBody, customerErasureSchema, customerParams, customerSchema, eraseCustomerBody, updateCustomerBody } from './customers.schemas';
import type { AuditService } from '../audit/audit.service';
import type { CustomersService } from './customers.service';

/** A customer named by the path. */
const errors: ErrorCases = { tenant: 'A customer', notFound: 'Customer not found' };

/** Platform administration of customers: create, read, change limit and feature switches, erase. */
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
      responses: { 200: { description: 'Created', schema: successEnvelope(customerSchema, 'Customer created successfully') } },
      handler: async (req, res, { body }) => {
        const created = await customers.create(body.name, callerOf(req).userId);
        await audit.recordBy(actorOf(req), { customerId: created.id, action: 'customer.created', target: { type: 'customer', id: created.id } });
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
      errors,
      responses: { 200: { description: 'The customer', schema: successEnvelope(customerSchema, 'Success') } },
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
      errors: { notFound: 'Customer not found' },
      responses: {
        200: { description: 'Updated', schema: successEnvelope(customerSchema, 'Customer updated successfully') },
        409: { description: 'status ACTIVE for an erased customer (CustomerErasedError)' },
      },
      handler: async (req, res, { params, body }) => {
        const updated = await customers.update(params.customerId, body, callerOf(req).userId);
        await audit.recordBy(actorOf(req), {
          customerId: params.customerId,
          action: 'customer.updated',
          target: { type: 'customer', id: params.customerId },
          details: { changed: Object.keys(body).sort().join(',') },
        });
        res.json(success('Customer updated successfully', updated));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/customers/:customerID/erase',
      idempotent: true,
      summary: "Erase a customer (tenant): destroy its data key, delete its personal data in every area, and disable it",
      description:
        "Cannot be undone. In one transaction: the customer's data key is destroyed (or, if it never had one, none can be made for it any more), " +
        'so nothing sealed for it (TINs, SSNs, credentials, secrets, kept answers) opens anywhere again, backups included; every area empties or ' +
        "deletes what it keeps of the tenant in clear (names, emails, phones, dates of birth, addresses, screening results, public records, " +
        'verification checks, rendered PDFs, webhooks and their deliveries), and running tasks, screenings, scores, reports and runs end FAILED; ' +
        "the customer becomes DISABLED and its users' sessions end. Ids, states, counts, scores' figures and the audit chain remain. From then on " +
        'every route that names the customer or anything of it answers 410 CustomerErasedError (the audit log excepted), also to the ADMIN. ' +
        'Recorded in its audit log as customer.erased. Asked again, it answers the first erased_at.',
      // A retry of the erasure answers as the first did; the service finds the tenant erased under its lock.
      answersErasedTenants: true,
      tags: ['Customers'],
      auth: true,
      ...access(authenticate, ['ADMIN']),
      schemas: { params: customerParams, body: eraseCustomerBody },
      errors: { invalid: 'confirm_customer_id is not the customer of the path (ErasureConfirmationError): nothing erased', notFound: 'Customer not found' },
      responses: {
        200: { description: 'Erased, now or before (the first erased_at)', schema: successEnvelope(customerErasureSchema, 'Customer data erased successfully') },
        409: { description: 'Values sealed before data keys may still hold its data: run rotate-data-keys first (SealedValuesNotConvertedError); nothing erased' },
      },
      handler: async (req, res, { params, body }) => {
        const actor = actorOf(req);
        const erased = await customers.erase({
          customerId: params.customerId,
          confirmCustomerId: body.confirm_customer_id,
          actorId: actor.userId,
          record: (trx, act) => audit.recordBy(actor, act, trx),
        });
        res.json(success('Customer data erased successfully', erased));
      },
    }),
  ];
}
