import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createInvitationAcceptancesStandIn } from '../testing';
import { createInvitationAcceptances } from './invitation-acceptances';

describe('createInvitationAcceptances', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('tells which invitations were used, and when', async () => {
    const standIn = await createInvitationAcceptancesStandIn(database.db);
    const used = randomUUID();
    const at = new Date('2026-11-22T10:00:00Z');
    await standIn.put(used, at);
    const reader = createInvitationAcceptances(database.db);
    expect(await reader.acceptedAt([used, randomUUID()])).toEqual(new Map([[used, at]]));
    expect(await reader.acceptedAt([])).toEqual(new Map());
  });
});
