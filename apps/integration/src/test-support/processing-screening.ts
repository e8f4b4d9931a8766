import { randomUUID } from 'node:crypto';
import type { Knex } from '@kyb/db';
import type { ScreeningStore } from '../screening/screening.store';

/** A screening of a new business of `customerId`, inserted and marked PROCESSING, as a worker would find it. */
export async function processingScreening(db: Knex, store: ScreeningStore, customerId: string, provider = 'sandbox') {
  const businessId = randomUUID();
  const row = await db.transaction((trx) => store.insert(trx, { customer_id: customerId, business_id: businessId, icas: ['1996'], provider, requested_by: randomUUID(), created_at: new Date() }));
  await store.markProcessing(row.id, new Date());
  return row;
}
