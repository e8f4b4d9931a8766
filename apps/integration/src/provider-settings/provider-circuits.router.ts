import type { RequestHandler } from 'express';
import { access } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { strictObject, type JsonSchema } from '@kyb/validation';
import type { CircuitBreakers, CircuitSnapshot } from '../providers/guard/circuit-breaker';

export const PROVIDER_CIRCUITS_FETCHED = 'Provider circuits fetched successfully';

/** What GET /admin/provider-circuits answers: no tenant, no secret, only each credential's fingerprint. */
const circuitsSchema: JsonSchema = {
  type: 'object',
  required: ['circuits'],
  properties: {
    circuits: {
      type: 'array',
      items: {
        type: 'object',
        required: ['adapter', 'credentials_fingerprint', 'state', 'failures', 'open_until'],
        properties: {
          adapter: { type: 'string' },
          credentials_fingerprint: { type: 'string', description: 'sha256 of the credentials, 16 hex digits, as the provider routes show it' },
          state: { type: 'string', enum: ['closed', 'half-open', 'open'], description: 'what the next call meets: half-open once an open circuit cooled down (one trial call may go)' },
          failures: { type: 'integer', description: 'consecutive transient vendor failures (reset by any answer)' },
          open_until: { type: ['string', 'null'], format: 'date-time', description: 'until when calls are refused without being made; null unless it opened since it last closed' },
        },
      },
    },
  },
};

const circuitView = (circuit: CircuitSnapshot) => ({
  adapter: circuit.adapter,
  credentials_fingerprint: circuit.credential,
  state: circuit.state,
  failures: circuit.failures,
  open_until: circuit.openedUntil?.toISOString() ?? null,
});

/**
 * The platform admin's view of the provider circuit breakers of the process that answers (each
 * process keeps its own; `kyb_provider_circuit_state` on /metrics shows every process's).
 */
export function providerCircuitsRoutes(deps: { breakers: Pick<CircuitBreakers, 'snapshot'>; authenticate: RequestHandler }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/admin/provider-circuits',
      summary: "The provider circuit breakers of the answering process: each adapter and credentials' fingerprint, its state, failures and pause",
      tags: ['Providers'],
      auth: true,
      ...access(deps.authenticate, ['ADMIN']),
      schemas: { query: strictObject({}) },
      responses: { 200: { description: 'Every circuit this process has used, sorted by adapter and fingerprint', schema: successEnvelope(circuitsSchema, PROVIDER_CIRCUITS_FETCHED) } },
      handler: async (_req, res) => {
        const circuits = deps.breakers
          .snapshot()
          .map(circuitView)
          .sort((a, b) => a.adapter.localeCompare(b.adapter) || a.credentials_fingerprint.localeCompare(b.credentials_fingerprint));
        res.json(success(PROVIDER_CIRCUITS_FETCHED, { circuits }));
      },
    }),
  ];
}
