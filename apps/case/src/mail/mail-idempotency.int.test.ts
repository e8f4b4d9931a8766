import { createLogger } from '@kyb/http';
import type { MailMessage } from '@kyb/mail';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';
import { createMailProcessor } from './mail.processor';

describe('mail delivery processed twice', () => {
  let t: CaseTestApp;
  const logger = createLogger({ level: 'silent', name: 'mail-idempotency-test' });
  const first = { made: 0, allowed: 8 };

  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
  });
  afterAll(() => t.close());

  const message = async (to: string) => (await t.db('cases.mail_outbox').insert({ to_email: to, subject: 'Hi', body: 'Hello' }).returning('id'))[0].id as string;

  it('sends once when the same job runs again after it finished', async () => {
    const sent: MailMessage[] = [];
    const deliver = createMailProcessor({ db: t.db, transport: { send: async (m) => void sent.push(m) }, logger, clock: () => new Date() });
    const id = await message('twice@example.org');
    await deliver(id, first);
    await deliver(id, first);
    expect(sent).toHaveLength(1);
    expect(await t.db('cases.mail_outbox').where({ id }).first()).toMatchObject({ status: 'SENT', attempts: 1, lease_owner: null });
  });

  it('sends once when two workers run it at the same time: only the one that claimed it sends', async () => {
    const sent: MailMessage[] = [];
    const slow = { send: async (m: MailMessage) => void (await new Promise((r) => setTimeout(r, 200)), sent.push(m)) };
    const deliver = createMailProcessor({ db: t.db, transport: slow, logger, clock: () => new Date() });
    const id = await message('race@example.org');
    await Promise.all([deliver(id, first), deliver(id, first)]);
    expect(sent).toHaveLength(1);
    expect((await t.db('cases.mail_outbox').where({ id }).first()).status).toBe('SENT');
  });

  it('sends again only once the lease of a worker that died mid-send has lapsed (at-least-once at SMTP)', async () => {
    const sent: MailMessage[] = [];
    let now = new Date();
    const deliver = createMailProcessor({ db: t.db, transport: { send: async (m) => void sent.push(m) }, logger, clock: () => now, leaseMs: 60_000 });
    const id = await message('crash@example.org');
    // A worker claimed it and died before marking it SENT.
    await t.db('cases.mail_outbox').where({ id }).update({ status: 'SENDING', lease_owner: 'dead-worker', lease_expires_at: new Date(now.getTime() + 60_000) });
    await deliver(id, first);
    expect(sent).toHaveLength(0);
    now = new Date(now.getTime() + 61_000);
    await deliver(id, first);
    expect(sent).toHaveLength(1);
    expect((await t.db('cases.mail_outbox').where({ id }).first()).status).toBe('SENT');
  });
});
