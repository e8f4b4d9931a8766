import type { Router } from 'express';
import { authenticate, createTokenVerifier, type KeySource } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { buildRouter, type Logger, type RouteDefinition } from '@kyb/http';
import { withOpenApiRoute } from '@kyb/openapi';
import { businessReadRoutes } from './businesses/businesses.router';
import { createBusinessesService } from './businesses/businesses.service';
import { createPgBusinessStore } from './businesses/businesses.store';

/** Where the case area is served. */
export const CASE_PREFIX = '/case/api/v1';

/** What the case area is built from. */
export interface CaseAreaDeps {
  db: Knex;
  logger: Logger;
  /** Public keys of the auth area (its JWKS over HTTP in production). */
  keySource: KeySource;
  tokenIssuer: string;
  clock?: () => Date;
}

/** The case area: its router and routes. */
export interface CaseArea {
  prefix: string;
  router: Router;
  routes: RouteDefinition[];
}

/** Wires the case area's stores, services and routes. */
export function createCaseArea(deps: CaseAreaDeps): CaseArea {
  const clock = deps.clock ?? (() => new Date());
  const verifier = createTokenVerifier({
    keys: deps.keySource,
    issuer: deps.tokenIssuer,
    nowSeconds: () => Math.floor(clock().getTime() / 1000),
  });
  const guard = authenticate(verifier);
  const businesses = createBusinessesService({ businesses: createPgBusinessStore(deps.db) });
  const routes = withOpenApiRoute([...businessReadRoutes({ businesses, authenticate: guard })], {
    title: 'Case area',
    version: '1.0.0',
    description: 'Businesses, their owners, onboarding cases and invitations.',
    serverUrl: CASE_PREFIX,
  });
  return { prefix: CASE_PREFIX, router: buildRouter(routes), routes };
}
