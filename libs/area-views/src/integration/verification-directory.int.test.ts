import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createTinDirectory } from '../case/tin-directory';
import { createTinDirectoryStandIn, createVerificationDirectoryStandIn } from '../testing';
import { createVerificationDirectory } from './verification-directory';

/* The readers against the views' contract; the owning areas' tests check their real views. */
describe('createVerificationDirectory and createTinDirectory', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('reads the latest verification with its checks and the classification; nothing for unknown ids or non-UUIDs', async () => {
    const standIn = await createVerificationDirectoryStandIn(database.db);
    const id = randomUUID();
    const at = new Date('2026-11-01T10:00:00Z');
    const checks = [{ code: 'TIN_MATCH' as const, result: 'PASS' as const, reason: 'The TIN matches the legal name.' }];
    await standIn.putVerification({ businessId: id, status: 'VERIFIED', checks, verifiedAt: at });
    await standIn.putClassification({ businessId: id, naicsCode: '722511', mccCode: '5812', provider: 'sandbox' });
    const directory = createVerificationDirectory(database.db);
    expect(await directory.verification(id)).toEqual({ businessId: id, status: 'VERIFIED', checks, verifiedAt: at, statusChangedAt: at });
    expect(await directory.classification(id)).toMatchObject({ businessId: id, naicsCode: '722511', mccCode: '5812', provider: 'sandbox' });
    expect(await directory.verification(randomUUID())).toBeUndefined();
    expect(await directory.classification('not-a-uuid')).toBeUndefined();
  });

  it('reads the verifications and sealed TINs of a batch of businesses in one go each', async () => {
    const verifications = await createVerificationDirectoryStandIn(database.db);
    const tinStandIn = await createTinDirectoryStandIn(database.db);
    const [verified, unverified, tinless] = [randomUUID(), randomUUID(), randomUUID()];
    const at = new Date('2026-11-02T10:00:00Z');
    await verifications.putVerification({ businessId: verified, status: 'VERIFIED', checks: [], verifiedAt: at });
    await verifications.putVerification({ businessId: unverified, status: 'UNVERIFIED', checks: [], verifiedAt: at });
    await tinStandIn.put(verified, 'sealed-1');
    await tinStandIn.put(tinless, null);
    const directory = createVerificationDirectory(database.db);
    const asked = [verified, unverified, tinless, 'x'];
    const found = await directory.verificationsOfMany(asked);
    expect(found.get(verified)).toEqual(await directory.verification(verified));
    expect(found.get(unverified)?.status).toBe('UNVERIFIED');
    expect(found.has(tinless)).toBe(false);
    const tins = await createTinDirectory(database.db).sealedTins(asked);
    expect(tins).toEqual(new Map<string, string | null>([[verified, 'sealed-1'], [tinless, null]]));
  });

  it('tells a business without a TIN (null) from no business (undefined)', async () => {
    const standIn = await createTinDirectoryStandIn(database.db);
    const withTin = randomUUID();
    const withoutTin = randomUUID();
    await standIn.put(withTin, 'sealed-value');
    await standIn.put(withoutTin, null);
    const tins = createTinDirectory(database.db);
    expect(await tins.sealedTin(withTin)).toBe('sealed-value');
    expect(await tins.sealedTin(withoutTin)).toBeNull();
    expect(await tins.sealedTin(randomUUID())).toBeUndefined();
    expect(await tins.sealedTin('x')).toBeUndefined();
  });
});
