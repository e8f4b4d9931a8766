import type { RequestHandler } from 'express';
import { access, actorOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import type { WeightageConfig } from '../engine';
import {
  assignConfigBody,
  configListSchema,
  configParams,
  configSchema,
  customerConfigParams,
  customerConfigSchema,
  listConfigsQuery,
  newConfigBody,
} from './weightage-configs.schemas';
import type { WeightageConfigService } from './weightage-configs.service';

/** Messages of the weighting config routes. */
export const CONFIGS_FETCHED = 'Weightage configs fetched successfully';
export const CONFIG_FETCHED = 'Weightage config fetched successfully';
export const CONFIG_CREATED = 'Weightage config created successfully';
export const CUSTOMER_CONFIG_FETCHED = 'Customer weightage config fetched successfully';
export const CUSTOMER_CONFIG_UPDATED = 'Customer weightage config updated successfully';

/** Weighting configs as versioned data: listed, read and added by the platform ADMIN, given to customers (issue 12). */
export function weightageConfigRoutes(deps: { configs: WeightageConfigService; authenticate: RequestHandler }): RouteDefinition[] {
  const { configs, authenticate } = deps;
  const admin = access(authenticate, ['ADMIN']);
  return [
    defineRoute({
      method: 'get',
      path: '/weightage-configs',
      summary: 'Weighting config versions, newest first',
      description: 'Query: page, items_per_page (max 100), pagination=false for all, sort[created_at|version]=asc|desc.',
      tags: ['Weightage configs'],
      auth: true,
      ...admin,
      schemas: { query: listConfigsQuery },
      responses: { 200: { description: 'One page of configs', schema: successEnvelope(configListSchema, CONFIGS_FETCHED) } },
      handler: async (_req, res, { query }) => {
        res.json(success(CONFIGS_FETCHED, await configs.list(query)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/weightage-configs',
      idempotent: true,
      summary: 'Add a weighting config version (never the default; a version is never changed or reused)',
      tags: ['Weightage configs'],
      auth: true,
      ...admin,
      schemas: { body: newConfigBody },
      errors: { invalid: 'weights, curves or cut-offs that do not add up (WeightageConfigValidationError, with data.problems)' },
      responses: {
        200: { description: 'The config added, with its id', schema: successEnvelope(configSchema, CONFIG_CREATED) },
        409: { description: 'The version exists (WeightageConfigApiError)' },
      },
      handler: async (req, res, { body }) => {
        res.json(success(CONFIG_CREATED, await configs.create(actorOf(req), body as Omit<WeightageConfig, 'id'>)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/weightage-configs/:configID',
      summary: 'One weighting config version with its categories, factors, curves and cut-offs',
      tags: ['Weightage configs'],
      auth: true,
      ...admin,
      schemas: { params: configParams },
      errors: { notFound: 'No such config (WeightageConfigNotFoundError)' },
      responses: { 200: { description: 'The config', schema: successEnvelope(configSchema, CONFIG_FETCHED) } },
      handler: async (_req, res, { params }) => {
        res.json(success(CONFIG_FETCHED, await configs.get(params.configId)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/customers/:customerID/weightage-config',
      summary: "The weighting config the customer's new scores use: its own, or the default",
      tags: ['Weightage configs'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']),
      schemas: { params: customerConfigParams },
      checks: [requireTenant()],
      errors: { tenant: 'A customer' },
      responses: { 200: { description: 'The config in force', schema: successEnvelope(customerConfigSchema, CUSTOMER_CONFIG_FETCHED) } },
      handler: async (_req, res, { params }) => {
        res.json(success(CUSTOMER_CONFIG_FETCHED, await configs.ofCustomer(params.customerId)));
      },
    }),
    defineRoute({
      method: 'put',
      path: '/customers/:customerID/weightage-config',
      summary: "Give the customer a weighting config (null: the default again); the customer's scores already made keep theirs",
      tags: ['Weightage configs'],
      auth: true,
      ...admin,
      schemas: { params: customerConfigParams, body: assignConfigBody },
      errors: { notFound: 'No such customer (CustomerApiError) or config (WeightageConfigNotFoundError)' },
      responses: { 200: { description: 'The config in force from now on', schema: successEnvelope(customerConfigSchema, CUSTOMER_CONFIG_UPDATED) } },
      handler: async (req, res, { params, body }) => {
        res.json(success(CUSTOMER_CONFIG_UPDATED, await configs.assign(actorOf(req), params.customerId, body.weightage_config_id)));
      },
    }),
  ];
}
