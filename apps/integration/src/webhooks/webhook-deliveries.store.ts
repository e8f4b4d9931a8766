import type { Knex } from '@kyb/db';
import type { TraceCarrier } from '@kyb/telemetry';

const DELIVERIES = 'integration.webhook_deliveries';
const ATTEMPTS = 'integration.webhook_delivery_attempts';

/** Where a delivery is: waiting for (another) attempt, delivered, or given up. */
export type DeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/** A delivery as stored: one event (its exact body) to one endpoint. */
export interface DeliveryRow {
  id: string;
  webhook_id: string;
  customer_id: string;
  event_id: string;
  event_type: string;
  occurred_at: Date;
  origin: 'event' | 'replay';
  body: string;
  status: DeliveryStatus;
  attempts: number;
  max_attempts: number;
  next_attempt_at: Date | null;
  leased_until: Date | null;
  last_response_status: number | null;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
  /** The trace of the event it delivers (null: not traced), continued by each attempt. */
  trace: TraceCarrier | null;
}

/** One attempt of a delivery, as logged. */
export interface AttemptRow {
  delivery_id: string;
  number: number;
  started_at: Date;
  duration_ms: number;
  response_status: number | null;
  response_excerpt: string | null;
  error: string | null;
  succeeded: boolean;
}

/** A page of an endpoint's deliveries, newest first, optionally of one status or event type. */
export interface DeliveryListQuery {
  webhookId: string;
  status?: DeliveryStatus;
  eventType?: string;
  page: number;
  itemsPerPage: number;
  paginate: boolean;
  sort: 'asc' | 'desc';
}

/** An endpoint's deliveries and their attempts, as the API reads and changes them. */
export function createPgWebhookDeliveriesStore(db: Knex) {
  return {
    async list(query: DeliveryListQuery): Promise<{ items: DeliveryRow[]; total: number }> {
      const base = db<DeliveryRow>(DELIVERIES).where({ webhook_id: query.webhookId });
      if (query.status) base.andWhere('status', query.status);
      if (query.eventType) base.andWhere('event_type', query.eventType);
      const page = base.clone().select('*', db.raw('count(*) over () as total_count')).orderBy([{ column: 'created_at', order: query.sort }, { column: 'id', order: query.sort }]);
      if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
      const rows = (await page) as Array<DeliveryRow & { total_count: string }>;
      // Past the last page the window gives no row to read the total from.
      const total = rows.length > 0 ? Number(rows[0].total_count) : Number((await base.clone().count<Array<{ count: string }>>({ count: '*' }))[0].count);
      return { items: rows.map(({ total_count: _, ...row }) => row), total };
    },

    /** The endpoint's delivery with this id and its attempts, oldest first. */
    async find(webhookId: string, id: string): Promise<{ delivery: DeliveryRow; attempts: AttemptRow[] } | undefined> {
      const delivery = await db<DeliveryRow>(DELIVERIES).where({ webhook_id: webhookId, id }).first();
      if (!delivery) return undefined;
      return { delivery, attempts: await db<AttemptRow>(ATTEMPTS).where({ delivery_id: id }).orderBy('number') };
    },

    /**
     * Queues one more attempt of a delivery now, whatever its state, unless an attempt is running
     * (answers 'in-flight'). A delivery that ended (SUCCEEDED or FAILED) gets one attempt on top of
     * those it had, not retried again; one still PENDING keeps the retries it has left.
     */
    async retry(webhookId: string, id: string, now: Date, on: Knex = db): Promise<DeliveryRow | 'in-flight' | undefined> {
      const [row] = await on(DELIVERIES)
        .where({ webhook_id: webhookId, id })
        .andWhere((q) => q.whereNull('leased_until').orWhere('leased_until', '<=', now))
        .update({ status: 'PENDING', max_attempts: db.raw('greatest(max_attempts * (status = ?)::int, attempts + 1)', ['PENDING']), next_attempt_at: now, updated_at: now })
        .returning<DeliveryRow[]>('*');
      if (row) return row;
      return (await on(DELIVERIES).where({ webhook_id: webhookId, id }).first('id')) ? 'in-flight' : undefined;
    },
  };
}

/** The deliveries store type, for injection. */
export type WebhookDeliveriesStore = ReturnType<typeof createPgWebhookDeliveriesStore>;
