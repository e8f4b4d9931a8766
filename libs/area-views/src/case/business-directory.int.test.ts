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

  it('reads a batch of businesses and their owners in one go, each owner under its own business in order; skips unknown ids and non-UUIDs', async () => {
    const standIn = await createBusinessDirectoryStandIn(database.db);
    const [first, second, ownerless] = [randomUUID(), randomUUID(), randomUUID()];
    await standIn.put({ id: first, customerId: randomUUID(), name: 'First', owners: [{ firstName: 'Ann', lastName: 'Lee' }, { firstName: 'Cy', lastName: 'Ng' }] });
    await standIn.put({ id: second, customerId: randomUUID(), name: 'Second', owners: [{ firstName: 'Bo', lastName: 'Ray' }] });
    await standIn.put({ id: ownerless, customerId: randomUUID(), name: 'Ownerless' });
    const directory = createBusinessDirectory(database.db);
    const asked = [first, second, ownerless, randomUUID(), 'not-a-uuid', first];
    const businesses = await directory.findMany(asked);
    expect([...businesses.keys()].sort()).toEqual([first, second, ownerless].sort());
    expect(businesses.get(second)).toEqual(await directory.find(second));
    const owners = await directory.ownersOfMany(asked);
    expect(owners.get(first)?.map((o) => o.firstName)).toEqual(['Ann', 'Cy']);
    expect(owners.get(second)?.map((o) => o.firstName)).toEqual(['Bo']);
    expect(owners.has(ownerless)).toBe(false);
    expect(await directory.findMany(['x'])).toEqual(new Map());
    expect(await directory.ownersOfMany([])).toEqual(new Map());
  });

  it('pages through the monitored businesses by id', async () => {
    const standIn = await createBusinessDirectoryStandIn(database.db);
    const monitored = [randomUUID(), randomUUID(), randomUUID()].sort().map((id) => ({ id, customerId: randomUUID() }));
    for (const business of monitored) await standIn.put({ ...business, isMonitoringEnabled: true });
    await standIn.put({ id: randomUUID(), customerId: randomUUID(), isMonitoringEnabled: false });
    const directory = createBusinessDirectory(database.db);
    const first = await directory.monitoredPage(null, 2);
    const rest = await directory.monitoredPage(first[first.length - 1].id, 2);
    expect([...first, ...rest]).toEqual(monitored);
  });
});
