import { CustomerNotFoundError, dataKeyScope, type CustomerDirectory, type DataKeys, type EventFeeds } from '@kyb/area-views';
import { unseen, withAudit, type Actor, type AuthContext, type RequestAct } from '@kyb/auth';
import { isEventType, type EventType, type Knex } from '@kyb/db';
import { listPage } from '@kyb/validation';
import { checkWebhookUrl, generateWebhookSecret, resolveAllowed, urlPort } from './delivery';
import type { DeliveryListQuery, WebhookDeliveriesStore } from './webhook-deliveries.store';
import type { WebhookDispatchStore } from './webhook-dispatch.store';
import type { EndpointChanges, EndpointPageQuery, WebhookEndpointRow, WebhookEndpointsStore } from './webhook-endpoints.store';
import type { WebhookSettings } from './webhook-settings';
import { presentDelivery, presentDeliveryDetail, presentWebhook } from './webhooks.presenter';
import {
  WebhookDeliveryInFlightError,
  WebhookDeliveryNotFoundError,
  WebhookDisabledError,
  WebhookLimitError,
  WebhookNotFoundError,
  WebhookReplayRangeError,
  WebhookReplayRunningError,
  WebhookSecretLimitError,
  WebhookUrlError,
} from './webhooks.errors';

/** A new or changed endpoint as the API takes it. */
export interface WebhookInput {
  url: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
}

/** A page of deliveries as the API asks for it: the store's query, for the endpoint the path names. */
export type DeliveryPageQuery = Omit<DeliveryListQuery, 'webhookId'>;

/**
 * A customer's webhook endpoints (CRUD, secret rotation), their deliveries (log, retry) and
 * replays. Routes have checked role, schema and tenant; an ADMIN naming a customer that does not
 * exist is told so where it creates or lists. Every change is audited (`webhook.*`) in its
 * transaction.
 */
export function createWebhooksService(deps: {
  db: Knex;
  endpoints: WebhookEndpointsStore;
  deliveries: WebhookDeliveriesStore;
  dispatch: WebhookDispatchStore;
  feeds: EventFeeds;
  customers: CustomerDirectory;
  /** Seals the signing secrets with the customer's data key. */
  dataKeys: Pick<DataKeys, 'seal'>;
  settings: WebhookSettings;
  clock: () => Date;
}) {
  const { db, endpoints, deliveries, dispatch, feeds, customers, dataKeys, settings, clock } = deps;
  const guard = { allowPrivate: settings.allowPrivateUrls, suitePorts: settings.suitePorts };

  /** Runs `work` with the actor's act kept in the same transaction. */
  const audited = <T>(actor: Actor, work: (on: Knex) => Promise<T>, act: (result: T) => RequestAct | undefined): Promise<T> =>
    withAudit(db, { schema: 'integration', actor, clock }, work, act);
  const webhookAct = (customerId: string, action: string, webhookId: string, details: RequestAct['details'] = {}): RequestAct => ({
    customerId,
    action,
    target: { type: 'webhook', id: webhookId },
    details,
  });

  async function checkedUrl(url: string): Promise<string> {
    const checked = checkWebhookUrl(url, guard);
    if (!checked.ok) throw new WebhookUrlError(checked.reason);
    const resolved = await resolveAllowed(checked.url.hostname, { ...guard, port: urlPort(checked.url) });
    if (!resolved.ok) throw new WebhookUrlError(resolved.reason);
    return checked.url.href;
  }

  async function existingCustomer(caller: AuthContext, customerId: string): Promise<void> {
    if (caller.role === 'ADMIN' && !(await customers.find(customerId))) throw new CustomerNotFoundError();
  }

  /** The customer's endpoint; "not yours" and "does not exist" answer alike (403 to a CUSTOMER, 404 to an ADMIN). */
  async function endpointOf(caller: AuthContext, customerId: string, webhookId: string): Promise<WebhookEndpointRow> {
    const endpoint = await endpoints.find(customerId, webhookId);
    if (!endpoint) throw unseen(caller, new WebhookNotFoundError());
    return endpoint;
  }

  function withSecret(row: WebhookEndpointRow, secret: string, previousUntil: Date | null) {
    return { ...presentWebhook(row), secret, previous_secret_expires_at: previousUntil?.toISOString() ?? null };
  }

  return {
    async create(actor: Actor, customerId: string, input: WebhookInput) {
      await existingCustomer(actor, customerId);
      const url = await checkedUrl(input.url);
      const secret = generateWebhookSecret();
      const endpoint = { customer_id: customerId, url, description: input.description ?? null, events: input.events ?? ['*'], enabled: input.enabled ?? true };
      const sealedSecret = await dataKeys.seal(dataKeyScope(customerId), secret);
      const row = await audited(
        actor,
        (on) => endpoints.create(endpoint, { sealedSecret, now: clock(), maxEndpoints: settings.maxEndpoints }, on),
        (created) => (created === 'limit' ? undefined : webhookAct(customerId, 'webhook.created', created.id, { events: created.events.join(','), enabled: created.enabled })),
      );
      if (row === 'limit') throw new WebhookLimitError(settings.maxEndpoints);
      return withSecret(row, secret, null);
    },

    async list(caller: AuthContext, customerId: string, query: EndpointPageQuery) {
      await existingCustomer(caller, customerId);
      const { rows, total } = await endpoints.list(customerId, query);
      return listPage(rows.map(presentWebhook), total, query);
    },

    async get(caller: AuthContext, customerId: string, webhookId: string) {
      return presentWebhook(await endpointOf(caller, customerId, webhookId));
    },

    async update(actor: Actor, customerId: string, webhookId: string, input: Partial<WebhookInput>) {
      const changes: EndpointChanges = {};
      if (input.url !== undefined) changes.url = await checkedUrl(input.url);
      if (input.events !== undefined) changes.events = input.events;
      if (input.description !== undefined) changes.description = input.description;
      if (input.enabled !== undefined) changes.enabled = input.enabled;
      const changed = Object.keys(changes).sort().join(',');
      const row = await audited(
        actor,
        (on) => endpoints.update(customerId, webhookId, changes, clock(), on),
        (updated) => (updated ? webhookAct(customerId, 'webhook.updated', webhookId, { changed, enabled: updated.enabled }) : undefined),
      );
      if (!row) throw unseen(actor, new WebhookNotFoundError());
      return presentWebhook(row);
    },

    async remove(actor: Actor, customerId: string, webhookId: string) {
      const removed = await audited(
        actor,
        (on) => endpoints.remove(customerId, webhookId, on),
        (gone) => (gone ? webhookAct(customerId, 'webhook.deleted', webhookId) : undefined),
      );
      if (!removed) throw unseen(actor, new WebhookNotFoundError());
    },

    /**
     * A new secret; the current one keeps signing for the overlap, and those rotated before it
     * until their own expiry, so receivers can roll without downtime.
     */
    async rotateSecret(actor: Actor, customerId: string, webhookId: string) {
      const now = clock();
      const previousUntil = new Date(now.getTime() + settings.secretOverlapMs);
      await endpointOf(actor, customerId, webhookId);
      const secret = generateWebhookSecret();
      const sealedSecret = await dataKeys.seal(dataKeyScope(customerId), secret);
      const rotated = await audited(
        actor,
        (on) => endpoints.rotate(customerId, webhookId, { sealedSecret, now, previousUntil, maxSigning: settings.maxSigningSecrets }, on),
        (row) => (row && !('limit' in row) ? webhookAct(customerId, 'webhook.secret_rotated', webhookId, { previous_secret_expires_at: previousUntil.toISOString() }) : undefined),
      );
      if (!rotated) throw unseen(actor, new WebhookNotFoundError());
      if ('limit' in rotated) throw new WebhookSecretLimitError(settings.maxSigningSecrets, rotated.limit);
      return withSecret(rotated, secret, settings.secretOverlapMs > 0 ? previousUntil : null);
    },

    async deliveries(caller: AuthContext, customerId: string, webhookId: string, query: DeliveryPageQuery) {
      await endpointOf(caller, customerId, webhookId);
      const { items, total } = await deliveries.list({ ...query, webhookId });
      return listPage(items.map(presentDelivery), total, query);
    },

    async delivery(caller: AuthContext, customerId: string, webhookId: string, deliveryId: string) {
      await endpointOf(caller, customerId, webhookId);
      const found = await deliveries.find(webhookId, deliveryId);
      if (!found) throw unseen(caller, new WebhookDeliveryNotFoundError());
      return presentDeliveryDetail(found.delivery, found.attempts);
    },

    /** One more attempt now (the dispatcher's next round hands it out). */
    async retry(actor: Actor, customerId: string, webhookId: string, deliveryId: string) {
      const endpoint = await endpointOf(actor, customerId, webhookId);
      if (!endpoint.enabled) throw new WebhookDisabledError();
      const retried = await audited(
        actor,
        (on) => deliveries.retry(webhookId, deliveryId, clock(), on),
        (row) => (row && row !== 'in-flight' ? webhookAct(customerId, 'webhook.delivery_retried', webhookId, { delivery_id: deliveryId }) : undefined),
      );
      if (!retried) throw unseen(actor, new WebhookDeliveryNotFoundError());
      if (retried === 'in-flight') throw new WebhookDeliveryInFlightError();
      return presentDelivery(retried);
    },

    /**
     * Queues the customer's events of [from, to) again to one endpoint, each a new `replay`
     * delivery: at most `replayMaxEvents`, and not while a replay of the endpoint still runs, so
     * one tenant cannot flood the shared dispatcher.
     */
    async replay(actor: Actor, customerId: string, webhookId: string, input: { from: string; to: string; types?: string[] }) {
      const endpoint = await endpointOf(actor, customerId, webhookId);
      if (!endpoint.enabled) throw new WebhookDisabledError();
      const now = clock();
      const from = new Date(input.from);
      const to = new Date(Math.min(new Date(input.to).getTime(), now.getTime()));
      if (!(from < to)) throw new WebhookReplayRangeError('Replay range is empty: from must be before to, and before now');
      const kept = new Date(now.getTime() - settings.retentionMs);
      if (from < kept) throw new WebhookReplayRangeError(`Events are kept ${Math.round(settings.retentionMs / 86_400_000)} days: from must be after ${kept.toISOString()}`);
      const subscribed = endpoint.events.includes('*') ? undefined : endpoint.events;
      const asked = (input.types ?? subscribed ?? []).filter(isEventType) as EventType[];
      const types = subscribed ? asked.filter((type) => subscribed.includes(type)) : asked;
      // Types asked for that the endpoint does not take: nothing to send.
      const max = settings.replayMaxEvents;
      const events = input.types && types.length === 0 ? [] : await feeds.ofCustomer(customerId, { from, to, types }, max + 1);
      if (events.length > max) throw new WebhookReplayRangeError(`More than ${max} events in the range: replay a shorter range`);
      const queued = await audited(
        actor,
        (on) => dispatch.replay(webhookId, events, { maxAttempts: settings.retryDelaysMs.length + 1, now }, on),
        (count) => (count === 'running' ? undefined : webhookAct(customerId, 'webhook.replayed', webhookId, { from: from.toISOString(), to: to.toISOString(), deliveries: count })),
      );
      if (queued === 'running') throw new WebhookReplayRunningError();
      // The types replayed: those asked for that the endpoint takes (maybe none), else what it subscribes to.
      return { webhook_id: webhookId, from: from.toISOString(), to: to.toISOString(), types: input.types ? types : (subscribed ?? ['*']), events: events.length, deliveries: queued };
    },
  };
}

/** The webhooks service type, for injection. */
export type WebhooksService = ReturnType<typeof createWebhooksService>;
