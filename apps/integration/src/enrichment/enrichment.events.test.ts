import { EVENT_TYPES } from '@kyb/db';
import { enrichmentEvent } from './enrichment.events';

const task = { id: 'task-1', business_id: 'business-1', customer_id: 'customer-1' };

describe('enrichmentEvent', () => {
  it.each(['enrichment.completed', 'enrichment.failed'] as const)('%s names the business and the task (the fields of its type) for the task’s customer', (type) => {
    const event = enrichmentEvent(type, { ...task, name: 'Longwood Dental', failure_reason: 'No.' } as typeof task);
    expect(event).toEqual({ type, customerId: 'customer-1', data: { business_id: 'business-1', task_id: 'task-1' } });
    expect(Object.keys(event.data).sort()).toEqual([...EVENT_TYPES[type]].sort());
  });
});
