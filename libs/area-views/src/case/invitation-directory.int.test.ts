import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createInvitationDirectoryStandIn } from '../testing';
import { createInvitationDirectory } from './invitation-directory';

/* The reader against the view's contract; the case area's tests check its real view. */
describe('createInvitationDirectory', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('reads an invitation, and answers undefined for an unknown id or a value that is not a UUID', async () => {
    const standIn = await createInvitationDirectoryStandIn(database.db);
    const entry = { id: randomUUID(), customerId: randomUUID(), businessId: randomUUID(), applicantEmail: 'jim@example.org', expiresAt: new Date('2030-01-01T00:00:00Z') };
    await standIn.put(entry);
    const directory = createInvitationDirectory(database.db);
    expect(await directory.find(entry.id)).toEqual({ ...entry, applicantFirstName: 'Jim', applicantLastName: 'Tester' });
    expect(await directory.find(randomUUID())).toBeUndefined();
    expect(await directory.find('nope')).toBeUndefined();
  });
});
