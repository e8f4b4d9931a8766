/**
 * One security-relevant act of an area (issue 11): who (actor), for which tenant, what (action),
 * on what (target), from which request and address, when. Details hold ids, counts and states,
 * never a password, TIN, SSN or other personal data.
 */
export interface AuditAct {
  /** The tenant whose chain it joins (null: the platform's). */
  customerId: string | null;
  actorId: string | null;
  actorRole: string;
  action: string;
  targetType: string;
  targetId: string | null;
  requestId: string | null;
  clientAddress: string | null;
  details: Record<string, string | number | boolean | null>;
  /** Milliseconds are kept: the entry's hash covers this time as ISO text. */
  occurredAt: Date;
}
