import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createBusinessDirectoryStandIn } from '../testing';
import { createBusinessDirectory } from './business-directory';

/* The reader against the views' contract; the case area's tests check its real views. */
describe('createBusinessDirectory', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('reads a business and its owners in order, and answers undefined for an unknown id or a value that is not a UUID', async () => {
    const standIn = await createBusinessDirectoryStandIn(database.db);
    const id = randomUUID();
    const customerId = randomUUID();
    await standIn.put({
      id,
      customerId,
      name: 'Longwood Dental',
      owners: [
        { firstName: 'Ann', lastName: 'Lee', ownershipPercentage: 60, ssnMasked: 'XXXXX1234' },
        { firstName: 'Bo', lastName: 'Ray', ownerType: 'BENEFICIARY', ownershipPercentage: 40 },
      ],
    });
    const directory = createBusinessDirectory(database.db);
    expect(await directory.find(id)).toMatchObject({ id, customerId, name: 'Longwood Dental', addressState: 'FL', isMonitoringEnabled: false });
    expect((await directory.owners(id)).map((o) => [o.firstName, o.ownerType, o.ownershipPercentage, o.ssnMasked])).toEqual([
      ['Ann', 'CONTROL', 60, 'XXXXX1234'],
      ['Bo', 'BENEFICIARY', 40, null],
    ]);
    expect(await directory.find(randomUUID())).toBeUndefined();
    expect(await directory.find("1' or '1'='1")).toBeUndefined();
    expect(await directory.owners('nope')).toEqual([]);
  });

  it('pages through the monitored businesses by id', async () => {
    const standIn = await createBusinessDirectoryStandIn(database.db);
    const ids = [randomUUID(), randomUUID(), randomUUID()].sort();
    for (const id of ids) await standIn.put({ id, customerId: randomUUID(), isMonitoringEnabled: true });
    await standIn.put({ id: randomUUID(), customerId: randomUUID(), isMonitoringEnabled: false });
    const directory = createBusinessDirectory(database.db);
    const first = await directory.monitoredIds(null, 2);
    const rest = await directory.monitoredIds(first[first.length - 1], 2);
    expect([...first, ...rest]).toEqual(ids);
  });
});
