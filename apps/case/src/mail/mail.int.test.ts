import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createLogger } from '@kyb/http';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';
import { createMailProcessor } from './mail.processor';
import { createMailTransport, type MailMessage } from '@kyb/mail';

describe('invitation mail', () => {
  let t: CaseTestApp;
  const sent: MailMessage[] = [];
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startCaseTestApp({ mailTransport: { send: async (message) => void sent.push(message) } });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['case:create'] });
  });
  afterAll(() => t.close());

  async function invite(email: string) {
    const businessId = await insertBusiness(t.db, { customerId, name: 'Mail Co' });
    return (
      await request(t.app)
        .post(`/case/api/v1/customers/${customerId}/businesses/invite`)
        .set('Authorization', `Bearer ${owner}`)
        .send({ existing_business_id: businessId, applicants: [{ first_name: 'Jim', last_name: 'Tester', email }] })
        .expect(200)
    ).body.data;
  }

  it('is written to the outbox with the invitation and delivered by the mail worker', async () => {
    const data = await invite('jim@example.org');
    const outbox = await t.db('cases.mail_outbox').where({ invitation_id: data.invitation_id }).first();
    expect(outbox).toMatchObject({ to_email: 'jim@example.org', subject: 'You are invited to onboard Mail Co' });
    for (let i = 0; i < 100 && sent.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([
      expect.objectContaining({ to: 'jim@example.org', subject: 'You are invited to onboard Mail Co', text: expect.stringContaining(data.invitation_url) }),
    ]);
    for (let i = 0; i < 100; i += 1) {
      if ((await t.db('cases.mail_outbox').where({ id: outbox.id }).first()).status === 'SENT') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await t.db('cases.mail_outbox').where({ id: outbox.id }).first()).toMatchObject({ status: 'SENT', attempts: 1, last_error: null });
  });

  it('records a failed delivery for a retry, and marks the message FAILED on the last attempt', async () => {
    // A message written straight to the outbox: no job is queued for it, so only this test delivers it.
    const [{ id }] = await t.db('cases.mail_outbox').insert({ to_email: 'sue@example.org', subject: 'Hi', body: 'Hello' }).returning('id');
    const logger = createLogger({ level: 'silent', name: 'mail-test' });
    const deliver = createMailProcessor({
      db: t.db,
      transport: createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', from: 'test@localhost', logger }),
      logger,
      clock: () => new Date(),
    });
    await expect(deliver(id, { made: 0, allowed: 3 })).rejects.toThrow();
    expect(await t.db('cases.mail_outbox').where({ id }).first()).toMatchObject({ status: 'PENDING', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED|connect/) });
    await expect(deliver(id, { made: 2, allowed: 3 })).resolves.toBeUndefined();
    expect(await t.db('cases.mail_outbox').where({ id }).first()).toMatchObject({ status: 'FAILED', attempts: 3 });
    await expect(deliver(id, { made: 3, allowed: 3 })).resolves.toBeUndefined();
  });

  // The transport itself (SMTP, the log) is tested in @kyb/mail.
});
