import type { Request, RequestHandler } from 'express';
import { canAccessBusiness, canAccessCustomer, type AuthContext } from '@kyb/auth';
import { preparedRead, type Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';
import { BUSINESS_DIRECTORY_VIEW } from '../case/business-directory';
import { CustomerErasedError } from './customer-erased.error';
import type { ErasedCustomers } from './erased-customers';

/** Whose a path's id is: its tenant, and its business where it has one. */
export interface TenantOfId {
  customerId: string;
  businessId?: string;
}

/**
 * Finds the tenant of one path parameter's value (undefined: no such thing, or not ours to say).
 * `publicLink`: the id is itself the credential of an unauthenticated route (an invitation), so the
 * gate answers for it without a caller; other resolvers act only on authenticated requests.
 */
export interface TenantResolver {
  resolve(id: string): Promise<TenantOfId | undefined>;
  publicLink?: boolean;
}

/** The tenant of a customer id: itself. */
export const customerParam: TenantResolver = { resolve: async (id) => ({ customerId: id.toLowerCase() }) };

/**
 * A resolver reading one row of `table` by id: its tenant (`customer_id`) and, when the table names
 * one, its business. What a row belongs to never changes, so answers are kept (at most `max`).
 */
export function rowTenant(db: Knex, table: string, options: { businessColumn?: string; publicLink?: boolean; max?: number } = {}): TenantResolver {
  const columns = ['customer_id', ...(options.businessColumn ? [`${options.businessColumn} as business_id`] : [])];
  const read = preparedRead<{ customer_id: string; business_id?: string }, 'id'>(db, ['id'], (v) => db(table).select(columns).where({ id: v.id }).limit(1));
  const known = new Map<string, TenantOfId>();
  const max = options.max ?? 50_000;
  return {
    publicLink: options.publicLink,
    async resolve(id) {
      if (!isUuid(id)) return undefined;
      const key = id.toLowerCase();
      const kept = known.get(key);
      if (kept) return kept;
      const [row] = await read({ id: key });
      if (!row) return undefined;
      const owner: TenantOfId = { customerId: row.customer_id, businessId: row.business_id ?? undefined };
      if (known.size >= max) known.clear();
      known.set(key, owner);
      return owner;
    },
  };
}

/** The tenant of a business id, through the case area's business directory. */
export const businessParam = (db: Knex): TenantResolver => rowTenant(db, BUSINESS_DIRECTORY_VIEW, { businessColumn: 'id' });

/** Whether the caller may see what the id names: only then does it learn that the tenant was erased. */
function maySee(caller: AuthContext | undefined, owner: TenantOfId, resolver: TenantResolver): boolean {
  if (!caller) return resolver.publicLink === true;
  return owner.businessId ? canAccessBusiness(caller, owner.customerId, owner.businessId) : canAccessCustomer(caller, owner.customerId);
}

/**
 * Answers 410 `CustomerErasedError` on a route whose path names something of an erased tenant
 * (docs/adr/0043). It runs after the guards and the schema, before idempotency and the route's
 * own checks: a caller that may not see the tenant passes on to the checks, which refuse it as
 * before, so the order of checks (authentication, role, schema, tenant, then the target's state)
 * holds. Path parameters are matched by name, case-insensitively (`customerID`, `customerId`).
 */
export function tenantGoneGate(options: { erased: ErasedCustomers; resolvers: Record<string, TenantResolver> }): RequestHandler {
  const resolvers = new Map(Object.entries(options.resolvers).map(([name, resolver]) => [name.toLowerCase(), resolver]));
  const ownersOf = async (req: Request) => {
    const found: Array<{ owner: TenantOfId; resolver: TenantResolver }> = [];
    for (const [name, value] of Object.entries(req.params)) {
      const resolver = resolvers.get(name.toLowerCase());
      if (!resolver || typeof value !== 'string' || (!req.auth && !resolver.publicLink)) continue;
      const owner = await resolver.resolve(value);
      if (owner) found.push({ owner, resolver });
    }
    return found;
  };
  return async (req, _res, next) => {
    for (const { owner, resolver } of await ownersOf(req)) {
      if (maySee(req.auth, owner, resolver) && (await options.erased.isErased(owner.customerId))) throw new CustomerErasedError();
    }
    next();
  };
}

/** What {@link withErasedTenantAnswer} reads and writes of a route definition (`RouteDefinition` of `@kyb/http`, which this library does not import). */
export interface DocumentedRoute {
  path: string;
  auth: boolean;
  answersErasedTenants?: boolean;
  responses: Record<number, { description: string }>;
}

/** How the OpenAPI documents name the gate's answer. */
export const ERASED_TENANT_RESPONSE = { description: 'The customer (tenant) this names was erased (CustomerErasedError, errorCode GONE)' };

/**
 * `routes` with the gate's 410 declared on each route whose path names something a resolver of
 * `resolvers` finds (by parameter name, case-insensitively), for the OpenAPI document: the same
 * resolvers the area's {@link tenantGoneGate} takes, so the document says what the gate does.
 */
export function withErasedTenantAnswer<R extends DocumentedRoute>(routes: readonly R[], resolvers: Record<string, TenantResolver>): R[] {
  const names = new Set(Object.keys(resolvers).map((name) => name.toLowerCase()));
  return routes.map((route) => {
    const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1].toLowerCase());
    const publicLinks = new Set(Object.entries(resolvers).flatMap(([name, resolver]) => (resolver.publicLink ? [name.toLowerCase()] : [])));
    // An unauthenticated route is gated only through a public link (the gate needs a caller otherwise).
    const gated = !route.answersErasedTenants && params.some((param) => names.has(param) && (route.auth || publicLinks.has(param)));
    return gated && !route.responses[410] ? { ...route, responses: { ...route.responses, 410: ERASED_TENANT_RESPONSE } } : route;
  });
}
