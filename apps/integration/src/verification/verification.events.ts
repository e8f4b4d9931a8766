import type { AnyOutboxEvent } from '@kyb/db';
import type { NewVerification } from './verification.types';

/** The schema whose outbox (`integration.outbox_events`) the integration area writes its events to. */
export const OUTBOX_SCHEMA = 'integration';

/**
 * The event of a change of a business's verification status to `entry.status` (a first
 * verification counts as a change, from none): `business.verified`, or `business.unverified` with
 * the status it now has. Written with the status change row, in its transaction.
 */
export function verificationEvent(entry: Pick<NewVerification, 'businessId' | 'customerId' | 'status'>): AnyOutboxEvent {
  return entry.status === 'VERIFIED'
    ? { type: 'business.verified', customerId: entry.customerId, data: { business_id: entry.businessId } }
    : { type: 'business.unverified', customerId: entry.customerId, data: { business_id: entry.businessId, status: entry.status } };
}
