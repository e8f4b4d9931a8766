import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { createPgVerificationStore } from './verification.store';

const VERIFICATIONS = 'integration.business_verifications';
const CHANGES = 'integration.business_verification_status_changes';

/*
 * GET /business/{businessID}/verification shows the latest verification with its status history
 * as one snapshot saw them (issue 41: a CI run saw COMPLETED with an empty history).
 */
describe('verification read as one snapshot', () => {
  let t: IntegrationTestApp;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (businessId: string) => request(t.app).get(`/integration/api/v1/business/${businessId}/verification`).set('Authorization', `Bearer ${owner}`);
  async function business(name: string): Promise<string> {
    const id = randomUUID();
    await t.business({ id, customerId, name, owners: [{ firstName: 'Ann', lastName: 'Lee' }] });
    return id;
  }
  const verification = (businessId: string) => ({
    businessId,
    customerId,
    taskId: null,
    status: 'VERIFIED' as const,
    checks: [],
    reason: 'TIN_MATCH PASS: The TIN is registered to the legal name.',
    at: new Date('2026-12-01T10:00:00.123Z'),
  });

  it('the verification and its history are read by one statement', async () => {
    const id = await business('One Statement Dental');
    await createPgVerificationStore(t.db).record(verification(id));
    const statements: string[] = [];
    const seen = (q: { sql: string }) => void (q.sql.includes('business_verification') && statements.push(q.sql));
    t.db.on('query', seen);
    try {
      const body = (await get(id).expect(200)).body;
      expect(body.data).toMatchObject({ status: 'VERIFIED', verification_state: 'COMPLETED', verified_at: '2026-12-01T10:00:00.123Z' });
      expect(body.data.status_history).toEqual([
        { from_status: null, to_status: 'VERIFIED', reason: 'TIN_MATCH PASS: The TIN is registered to the legal name.', changed_at: '2026-12-01T10:00:00.123Z' },
      ]);
    } finally {
      t.db.off('query', seen);
    }
    expect(statements).toHaveLength(1);
  });

  // Holding one table makes a read of it wait for the commit while the other is read before it: holding the
  // verifications reproduces the CI run's COMPLETED with an empty history, holding the changes the reverse.
  it.each([VERIFICATIONS, CHANGES])('a read that meets a verification being committed (%s held) shows it with its change, or neither', async (held) => {
    const id = await business(`Racing Dental ${held}`);
    const writer = await t.db.transaction();
    let reading: Promise<request.Response> | undefined;
    try {
      await writer.raw(`lock table ${held} in access exclusive mode`);
      await createPgVerificationStore(t.db).record(verification(id), writer);
      const writerPid = (await writer.raw<{ rows: Array<{ pid: number }> }>('select pg_backend_pid() as pid')).rows[0].pid;
      reading = get(id).then((res) => res);
      // Wait until the read waits on the lock and nothing else of it is still running.
      await eventually(async () => {
        const { rows } = await t.db.raw<{ rows: Array<{ waiting: number; running: number }> }>(
          `select (select count(*)::int from pg_locks where relation = ?::regclass and not granted) as waiting,
                  (select count(*)::int from pg_stat_activity where datname = current_database() and pid not in (pg_backend_pid(), ?)
                     and state = 'active' and wait_event_type is distinct from 'Lock') as running`,
          [held, writerPid],
        );
        return rows[0].waiting > 0 && rows[0].running === 0 ? true : undefined;
      });
      await writer.commit();
    } finally {
      if (!writer.isCompleted()) await writer.rollback();
    }
    const { data } = (await (reading as Promise<request.Response>)).body;
    const seen = { state: data.verification_state, status: data.status, history: data.status_history.map((h: { to_status: string }) => h.to_status) };
    expect([
      { state: 'PENDING', status: 'UNVERIFIED', history: [] },
      { state: 'COMPLETED', status: 'VERIFIED', history: ['VERIFIED'] },
    ]).toContainEqual(seen);
  });
});
