import { randomUUID } from 'node:crypto';
import { migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { applicantEmailProof } from './20261123_0007_applicant_email_proof';
import { authMigrations } from './index';

describe('migration 0007: applicant email proof', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const user = (role: string, customerId: string | null, email: string) => {
    const id = randomUUID();
    return { id, role, customer_id: customerId, first_name: 'A', last_name: 'B', email, status: 'ACTIVE', is_email_verified: true, is_first_login: false, created_by: id, updated_by: id };
  };

  it('leaves applicants of no customer and unproven, and customers users as they were', async () => {
    const before = authMigrations.migrations.slice(0, authMigrations.migrations.indexOf(applicantEmailProof));
    await migrateLatest(database.db, { ...authMigrations, migrations: before });
    const db = database.db;
    const [{ id: customerId }] = await db('auth.customers').insert({ name: 'Old Co' }).returning('id');
    const applicant = user('APPLICANT', customerId, 'old.applicant@example.org');
    const customerUser = user('CUSTOMER', customerId, 'old.user@example.org');
    await db('auth.users').insert([applicant, customerUser]);

    await migrateLatest(db, authMigrations);
    expect(await db('auth.users').where({ id: applicant.id }).first()).toMatchObject({ customer_id: null, is_email_verified: false });
    expect(await db('auth.users').where({ id: customerUser.id }).first()).toMatchObject({ customer_id: customerId, is_email_verified: true });
    // A customer user still needs its customer; an applicant has none.
    await expect(db('auth.users').insert(user('CUSTOMER', null, 'no.customer@example.org'))).rejects.toThrow(/users_customer_check/);
    await db('auth.users').insert(user('APPLICANT', null, 'new.applicant@example.org'));
  });
});
