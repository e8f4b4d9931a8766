import type { RequestHandler } from 'express';
import { access, actorOf, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { listPage, toListQuery } from '@kyb/validation';
import { alertListSchema, alertParams, alertSchema, alertsParams, listAlertsQuery, updateAlertBody } from './alerts.schemas';
import type { AlertsService } from './alerts.service';
import type { AlertListQuery } from './alerts.store';

/** Messages of the alert routes. */
export const ALERTS_FETCHED = 'Alerts fetched successfully';
export const ALERT_FETCHED = 'Alert fetched successfully';
export const ALERT_UPDATED = 'Alert updated successfully';

/** A customer, or (to a CUSTOMER) an alert that is not its customer's or does not exist, is refused. */
const errors: ErrorCases = { tenant: 'A customer or alert' };
const oneAlert: ErrorCases = { ...errors, notFound: 'To an ADMIN: no such alert of this customer (AlertNotFoundError)' };

/** The alerts monitoring raises for a customer's monitored businesses (issue 12): listed, read, acknowledged and resolved. */
export function alertRoutes(deps: { alerts: AlertsService; authenticate: RequestHandler }): RouteDefinition[] {
  const { alerts, authenticate } = deps;
  const readers = access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']);
  const checks = [requireTenant()];
  return [
    defineRoute({
      method: 'get',
      path: '/customers/:customerID/alerts',
      summary: "The customer's monitoring alerts, newest first",
      description:
        'Query: page, items_per_page (max 100), pagination=false for all, sort[created_at|severity]=asc|desc ' +
        '(severity desc: HIGH first), filter[business_id|severity|status|rule]=value.',
      tags: ['Alerts'],
      auth: true,
      ...readers,
      schemas: { params: alertsParams, query: listAlertsQuery },
      checks,
      errors,
      responses: { 200: { description: 'One page of alerts', schema: successEnvelope(alertListSchema, ALERTS_FETCHED) } },
      handler: async (_req, res, { params, query }) => {
        const list = toListQuery<'created_at' | 'severity', AlertListQuery['filter'], never>(query, ['created_at', 'desc']);
        const { items, total } = await alerts.list({ ...list, customerId: params.customerId });
        res.json(success(ALERTS_FETCHED, listPage(items, total, list)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/customers/:customerID/alerts/:alertID',
      summary: 'One alert: its rule, severity, state, the values before and after, and what raised it',
      tags: ['Alerts'],
      auth: true,
      ...readers,
      schemas: { params: alertParams },
      checks,
      errors: oneAlert,
      responses: { 200: { description: 'The alert', schema: successEnvelope(alertSchema, ALERT_FETCHED) } },
      handler: async (req, res, { params }) => {
        res.json(success(ALERT_FETCHED, await alerts.get(callerOf(req), params.customerId, params.alertId)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/customers/:customerID/alerts/:alertID',
      summary: 'Acknowledge or resolve an alert (OPEN -> ACKNOWLEDGED, OPEN or ACKNOWLEDGED -> RESOLVED), recording who and when',
      tags: ['Alerts'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:write']),
      schemas: { params: alertParams, body: updateAlertBody },
      checks,
      errors: oneAlert,
      responses: {
        200: { description: 'The alert in its new state', schema: successEnvelope(alertSchema, ALERT_UPDATED) },
        409: { description: 'A move the alert\'s state does not allow (AlertStateError, NOT_ALLOWED)' },
      },
      handler: async (req, res, { params, body }) => {
        res.json(success(ALERT_UPDATED, await alerts.update(actorOf(req), params.customerId, params.alertId, body)));
      },
    }),
  ];
}
