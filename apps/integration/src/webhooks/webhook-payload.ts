import type { FeedEvent } from '@kyb/area-views';

/**
 * The body of an event's deliveries, `{type, timestamp, data}` (issue 11): built once and stored
 * with each delivery, so every attempt, retry and replay of the event sends the same bytes.
 * `data` holds the ids the event's area wrote, never personal data.
 */
export function payloadOf(event: Pick<FeedEvent, 'type' | 'occurredAt' | 'data'>): string {
  return JSON.stringify({ type: event.type, timestamp: event.occurredAt.toISOString(), data: event.data });
}
