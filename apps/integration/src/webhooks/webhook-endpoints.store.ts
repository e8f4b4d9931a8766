import { randomUUID } from 'node:crypto';
import { pageWithTotal, totalCountColumn, type Knex } from '@kyb/db';

const ENDPOINTS = 'integration.webhook_endpoints';
const SECRETS = 'integration.webhook_secrets';

/** An endpoint as stored. `events` holds event types, or `*` for every type. */
export interface WebhookEndpointRow {
  id: string;
  customer_id: string;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What a caller may change of an endpoint. */
export type EndpointChanges = Partial<Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'enabled'>>;

/** A page of a customer's endpoints (the list conventions), by creation time. */
export interface EndpointPageQuery {
  page: number;
  itemsPerPage: number;
  paginate: boolean;
  sort: 'asc' | 'desc';
}

/** One sealed secret of an endpoint; the newest has no expiry. */
export interface SealedSecretRow {
  sealed_secret: string;
  created_at: Date;
  expires_at: Date | null;
}

/** A customer's webhook endpoints and their sealed signing secrets, in PostgreSQL. */
export function createPgWebhookEndpointsStore(db: Knex) {
  return {
    /**
     * Adds an endpoint with its first secret, in one transaction, unless the customer already
     * holds `maxEndpoints` ('limit'). A customer's registrations take turns (an advisory lock
     * held to the end of the caller's transaction), so two at once cannot both take the last place.
     */
    async create(
      endpoint: Omit<WebhookEndpointRow, 'id' | 'created_at' | 'updated_at' | 'disabled_reason' | 'failing_since'>,
      options: { sealedSecret: string; now: Date; maxEndpoints: number },
      on: Knex = db,
    ): Promise<WebhookEndpointRow | 'limit'> {
      const { sealedSecret, now, maxEndpoints } = options;
      return on.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`webhook-endpoints:${endpoint.customer_id}`]);
        const [{ count }] = await trx(ENDPOINTS).where({ customer_id: endpoint.customer_id }).count<Array<{ count: string }>>({ count: '*' });
        if (Number(count) >= maxEndpoints) return 'limit';
        const [row] = await trx(ENDPOINTS)
          .insert({ ...endpoint, id: randomUUID(), created_at: now, updated_at: now })
          .returning<WebhookEndpointRow[]>('*');
        await trx(SECRETS).insert({ id: randomUUID(), webhook_id: row.id, sealed_secret: sealedSecret, created_at: now, expires_at: null });
        return row;
      });
    },

    /** The customer's endpoint, or undefined when it has none with this id. */
    async find(customerId: string, id: string): Promise<WebhookEndpointRow | undefined> {
      return db<WebhookEndpointRow>(ENDPOINTS).where({ customer_id: customerId, id }).first();
    },

    /** One page of the customer's endpoints with the total of every one (one statement; a page past the end counts apart). */
    async list(customerId: string, query: EndpointPageQuery): Promise<{ rows: WebhookEndpointRow[]; total: number }> {
      const matches = () => db<WebhookEndpointRow>(ENDPOINTS).where({ customer_id: customerId });
      const page = matches()
        .select('*', totalCountColumn(db))
        .orderBy([
          { column: 'created_at', order: query.sort },
          { column: 'id', order: query.sort },
        ]);
      if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
      return pageWithTotal<WebhookEndpointRow>(db, (await page) as Array<WebhookEndpointRow & { total_count: string }>, query, matches);
    },

    /** Changes an endpoint; enabling it clears why it was disabled and its failing streak. */
    async update(customerId: string, id: string, changes: EndpointChanges, now: Date, on: Knex = db): Promise<WebhookEndpointRow | undefined> {
      const patch: Record<string, unknown> = { ...changes, updated_at: now };
      if (changes.enabled === true) Object.assign(patch, { disabled_reason: null, failing_since: null });
      if (changes.enabled === false) patch.disabled_reason = 'Disabled by the customer.';
      const [row] = await on(ENDPOINTS).where({ customer_id: customerId, id }).update(patch).returning<WebhookEndpointRow[]>('*');
      return row;
    },

    /** Removes an endpoint, its secrets and its deliveries; answers whether it existed. */
    async remove(customerId: string, id: string, on: Knex = db): Promise<boolean> {
      return (await on(ENDPOINTS).where({ customer_id: customerId, id }).delete()) > 0;
    },

    /**
     * Makes `sealedSecret` the endpoint's secret: the current one keeps signing until
     * `previousUntil`, earlier ones until the expiry their own rotation gave them. Secrets that
     * have expired are forgotten. Refused ('limit', with when the oldest stops signing) while
     * `maxSigning` secrets still sign, so a delivery never carries more signatures than that.
     * Answers undefined for an unknown endpoint.
     */
    async rotate(
      customerId: string,
      id: string,
      rotation: { sealedSecret: string; now: Date; previousUntil: Date; maxSigning: number },
      on: Knex = db,
    ): Promise<WebhookEndpointRow | { limit: Date } | undefined> {
      const { sealedSecret, now, previousUntil, maxSigning } = rotation;
      return on.transaction(async (trx) => {
        // Two rotations of one endpoint at once take turns here.
        const found = await trx(ENDPOINTS).where({ customer_id: customerId, id }).forNoKeyUpdate().first('id');
        if (!found) return undefined;
        await trx(SECRETS).where({ webhook_id: id }).where('expires_at', '<=', now).delete();
        const signing = await trx(SECRETS).where({ webhook_id: id }).select<Array<{ expires_at: Date | null }>>('expires_at');
        if (signing.length >= maxSigning) {
          const expiries = signing.flatMap((secret) => (secret.expires_at ? [secret.expires_at.getTime()] : []));
          return { limit: new Date(Math.min(...expiries)) };
        }
        await trx(SECRETS).where({ webhook_id: id }).whereNull('expires_at').update({ expires_at: previousUntil });
        await trx(SECRETS).insert({ id: randomUUID(), webhook_id: id, sealed_secret: sealedSecret, created_at: now, expires_at: null });
        const [row] = await trx(ENDPOINTS).where({ id }).update({ updated_at: now }).returning<WebhookEndpointRow[]>('*');
        return row;
      });
    },

    /** The secrets that sign now: the current one first, then those still in their overlap, the latest to expire first. */
    async signingSecrets(id: string, now: Date): Promise<SealedSecretRow[]> {
      return db(SECRETS)
        .select<SealedSecretRow[]>('sealed_secret', 'created_at', 'expires_at')
        .where({ webhook_id: id })
        .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', now))
        .orderByRaw('expires_at desc nulls first, created_at desc');
    },
  };
}

/** The endpoints store type, for injection. */
export type WebhookEndpointsStore = ReturnType<typeof createPgWebhookEndpointsStore>;
