import { EVENT_TYPES } from '@kyb/db';
import { screeningEvent } from './screening.events';

const screening = { id: 'screening-1', business_id: 'business-1', customer_id: 'customer-1' };

describe('screeningEvent', () => {
  it.each(['screening.completed', 'screening.failed'] as const)('%s names the business and the screening (the fields of its type), never its result', (type) => {
    const event = screeningEvent(type, { ...screening, result: { principals: [{ firstName: 'John' }] } } as typeof screening);
    expect(event).toEqual({ type, customerId: 'customer-1', data: { business_id: 'business-1', screening_id: 'screening-1' } });
    expect(Object.keys(event.data).sort()).toEqual([...EVENT_TYPES[type]].sort());
  });
});
