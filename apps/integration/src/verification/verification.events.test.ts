import { EVENT_TYPES } from '@kyb/db';
import { verificationEvent } from './verification.events';

const entry = { businessId: 'business-1', customerId: 'customer-1' };

describe('verificationEvent', () => {
  it('a change to VERIFIED is business.verified with the business only', () => {
    const event = verificationEvent({ ...entry, status: 'VERIFIED' });
    expect(event).toEqual({ type: 'business.verified', customerId: 'customer-1', data: { business_id: 'business-1' } });
    expect(Object.keys(event.data)).toEqual([...EVENT_TYPES['business.verified']]);
  });

  it('a change to UNVERIFIED is business.unverified with the status it now has', () => {
    const event = verificationEvent({ ...entry, status: 'UNVERIFIED' });
    expect(event).toEqual({ type: 'business.unverified', customerId: 'customer-1', data: { business_id: 'business-1', status: 'UNVERIFIED' } });
    expect(Object.keys(event.data).sort()).toEqual([...EVENT_TYPES['business.unverified']].sort());
  });
});
