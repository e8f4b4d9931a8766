import type { RequestHandler } from 'express';
import { access, actorOf, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { MONITORING_FREQUENCIES } from '@kyb/area-views';
import { strictObject, uuidParams, type JsonSchema } from '@kyb/validation';
import type { MonitoringSettingsService } from './monitoring-settings.service';

/** Messages of the monitoring settings. */
export const MONITORING_SETTINGS_FETCHED = 'Monitoring settings retrieved successfully';
export const MONITORING_SETTINGS_UPDATED = 'Monitoring settings updated successfully';

const frequency = { type: 'string', enum: [...MONITORING_FREQUENCIES], description: 'how often each monitored business is re-enriched and re-scored, each at its own time within the period' } as const;
const points = { type: 'integer', minimum: 1, maximum: 550, description: 'an alert is raised when the 850 score moves by more than this many points between two scores' } as const;

/** PUT body: both settings, nothing else. */
const settingsBody = strictObject({ frequency, score_change_alert_points: points }, ['frequency', 'score_change_alert_points']);

const settingsSchema: JsonSchema = {
  type: 'object',
  required: ['customer_id', 'frequency', 'score_change_alert_points', 'updated_at'],
  properties: {
    customer_id: { type: 'string', format: 'uuid' },
    frequency,
    score_change_alert_points: points,
    updated_at: { type: ['string', 'null'], format: 'date-time', description: 'null while the customer set none: the defaults (MONTHLY, 50) apply' },
  },
};

const errors: ErrorCases = { tenant: 'A customer', notFound: 'To an ADMIN: no such customer (CustomerApiError)' };

/** A customer's monitoring settings (issue 12): frequency and the score change alert threshold. */
export function monitoringSettingsRoutes(deps: { settings: MonitoringSettingsService; authenticate: RequestHandler }): RouteDefinition[] {
  const path = '/customers/:customerID/monitoring-settings';
  const params = uuidParams('customerID');
  return [
    defineRoute({
      method: 'get',
      path,
      summary: "The customer's monitoring settings (MONTHLY and 50 points while it set none)",
      tags: ['Businesses'],
      auth: true,
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']),
      schemas: { params },
      checks: [requireTenant()],
      errors,
      responses: { 200: { description: 'The settings', schema: successEnvelope(settingsSchema, MONITORING_SETTINGS_FETCHED) } },
      handler: async (req, res, { params: p }) => {
        res.json(success(MONITORING_SETTINGS_FETCHED, await deps.settings.get(callerOf(req), p.customerId)));
      },
    }),
    defineRoute({
      method: 'put',
      path,
      summary: "Sets the customer's monitoring settings: frequency and score_change_alert_points, both required (audited)",
      tags: ['Businesses'],
      auth: true,
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:write']),
      schemas: { params, body: settingsBody },
      checks: [requireTenant()],
      errors,
      responses: { 200: { description: 'The settings as stored', schema: successEnvelope(settingsSchema, MONITORING_SETTINGS_UPDATED) } },
      handler: async (req, res, { params: p, body }) => {
        const settings = { frequency: body.frequency, scoreChangeAlertPoints: body.score_change_alert_points };
        res.json(success(MONITORING_SETTINGS_UPDATED, await deps.settings.set(actorOf(req), p.customerId, settings)));
      },
    }),
  ];
}
