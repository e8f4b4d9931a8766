import { migrateDownAll, migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { authMigrations } from './index';

const TABLES = ['accepted_invitations', 'applicant_email_proofs', 'customer_directory', 'customers', 'invitation_acceptances', 'permissions', 'subroles', 'subrole_permissions', 'users', 'refresh_tokens', 'setup_tokens', 'signing_keys', 'idempotency_keys', 'audit_events', 'outbox_events', 'event_feed', 'data_keys', 'data_key_directory', 'data_key_state', 'reviewer_directory'];

describe('auth migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const tables = async () =>
    (await database.db('information_schema.tables').where({ table_schema: 'auth' }).pluck('table_name')).filter((n) => n !== 'knex_migrations' && n !== 'knex_migrations_lock');

  it('run up on an empty database, seed permissions and subroles, and apply nothing twice', async () => {
    expect(await migrateLatest(database.db, authMigrations)).toEqual([
      '20261122_0001_auth_base',
      '20261122_0002_permissions_and_subroles',
      '20261122_0003_customer_directory',
      '20261122_0004_accepted_invitations',
      '20261122_0005_invitation_acceptances',
      '20261123_0006_customer_status',
      '20261123_0007_applicant_email_proof',
      '20261123_0008_customer_user_email_per_tenant',
      '20261125_0009_idempotency_keys',
      '20261125_0010_audit_events',
      '20261126_0011_outbox',
      '20261126_0012_data_keys',
      '20261126_0013_data_key_state',
      '20261127_0014_audit_event_batches',
      '20261202_0015_erasure_functions',
      '20261207_0016_case_review',
      '20261208_0017_reviewer_directory',
      '20261210_0018_outbox_trace',
    ]);
    expect((await tables()).sort()).toEqual([...TABLES].sort());
    expect(await database.db('auth.permissions').count<Array<{ count: string }>>('* as count')).toEqual([{ count: '14' }]);
    expect(await database.db('auth.subroles').orderBy('code').pluck('code')).toEqual(['owner', 'reviewer', 'user']);
    const userPermissions = await database.db('auth.subrole_permissions as sp')
      .join('auth.subroles as s', 's.id', 'sp.subrole_id')
      .join('auth.permissions as p', 'p.id', 'sp.permission_id')
      .where('s.code', 'user')
      .orderBy('p.id')
      .pluck('p.code');
    expect(userPermissions).toEqual(['customer_user:read', 'case:read', 'profile:read', 'brand_settings:read', 'businesses:read']);
    const held = (subrole: string) =>
      database.db('auth.subrole_permissions as sp').join('auth.subroles as s', 's.id', 'sp.subrole_id').join('auth.permissions as p', 'p.id', 'sp.permission_id').where('s.code', subrole).orderBy('p.id').pluck('p.code');
    expect(await held('reviewer')).toEqual([...userPermissions, 'cases:review']);
    expect(await held('owner')).toContain('cases:review');
    expect(await migrateLatest(database.db, authMigrations)).toEqual([]);
  });

  it('run down completely, and up again', async () => {
    expect(await migrateDownAll(database.db, authMigrations)).toEqual([
      '20261210_0018_outbox_trace',
      '20261208_0017_reviewer_directory',
      '20261207_0016_case_review',
      '20261202_0015_erasure_functions',
      '20261127_0014_audit_event_batches',
      '20261126_0013_data_key_state',
      '20261126_0012_data_keys',
      '20261126_0011_outbox',
      '20261125_0010_audit_events',
      '20261125_0009_idempotency_keys',
      '20261123_0008_customer_user_email_per_tenant',
      '20261123_0007_applicant_email_proof',
      '20261123_0006_customer_status',
      '20261122_0005_invitation_acceptances',
      '20261122_0004_accepted_invitations',
      '20261122_0003_customer_directory',
      '20261122_0002_permissions_and_subroles',
      '20261122_0001_auth_base',
    ]);
    expect(await tables()).toEqual([]);
    expect(await migrateLatest(database.db, authMigrations)).toHaveLength(authMigrations.migrations.length);
    expect((await tables()).sort()).toEqual([...TABLES].sort());
  });
});
