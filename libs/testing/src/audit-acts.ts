import { randomUUID } from 'node:crypto';
import type { AuditAct } from '@kyb/db';

let tick = 0;

/**
 * An act as an area records it, every field set: fresh ids, a CUSTOMER reading a business's owners,
 * and a time one millisecond after the previous act made here, in 2099 so that it sorts after any
 * act a test makes now (lists show the newest first).
 */
export function anAuditAct(overrides: Partial<AuditAct> = {}): AuditAct {
  tick += 1;
  return {
    customerId: randomUUID(),
    actorId: randomUUID(),
    actorRole: 'CUSTOMER',
    action: 'business.owner_details_read',
    targetType: 'business',
    targetId: randomUUID(),
    requestId: randomUUID(),
    clientAddress: '203.0.113.7',
    details: { owners: 2 },
    occurredAt: new Date(Date.UTC(2099, 10, 27, 10, 0, 0) + tick),
    ...overrides,
  };
}
