import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signatureOf } from './delivery';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { startTestReceiver, type TestReceiver } from './testing/test-receiver';

const PREFIX = '/integration/api/v1';
const HOUR = 3_600_000;
const MINUTE = 60_000;

/*
 * A rotated secret keeps signing until the `previous_secret_expires_at` its rotation answered,
 * however many rotations follow: each delivery carries one `v1,` signature per secret that has
 * not expired (Standard Webhooks allows several), and a receiver holding any of them verifies it.
 */
describe('webhook secret rotation', () => {
  let t: IntegrationTestApp;
  let receiver: TestReceiver;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startIntegrationTestApp({ webhooks: { allowPrivateUrls: true, dispatchEveryMs: 100, secretOverlapMs: HOUR, maxSigningSecrets: 4 } });
    receiver = await startTestReceiver();
    // Valid for the hours the tests move the clock forward.
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' }, 4 * 3600);
    await t.customer(customerId);
  });
  afterEach(() => t.clock.set(undefined));
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const api = (method: 'get' | 'post', path: string) =>
    request(t.app)[method](`${PREFIX}/customers/${customerId}/webhooks${path}`).set('Authorization', `Bearer ${owner}`);
  const register = async (events: string[]) => (await api('post', '').send({ url: receiver.url, events }).expect(200)).body.data as { id: string; secret: string };
  const rotate = async (id: string) => (await api('post', `/${id}/rotate-secret`).expect(200)).body.data as { secret: string; previous_secret_expires_at: string };
  /** Emits one event of `type` and answers the request the receiver got for it. */
  const delivered = async (type: 'screening.completed' | 'report.completed') => {
    const eventId =
      type === 'screening.completed'
        ? await t.emit('integration', { type, customerId, data: { business_id: randomUUID(), screening_id: randomUUID() } })
        : await t.emit('reports', { type, customerId, data: { business_id: randomUUID(), report_id: randomUUID() } });
    return eventually(async () => receiver.received.find((r) => r.headers['webhook-id'] === eventId));
  };

  it('after three rotations the delivery verifies with each of the four secrets (standardwebhooks), none expired', async () => {
    const { id, secret: first } = await register(['screening.completed']);
    const rotations = [await rotate(id), await rotate(id), await rotate(id)];
    const secrets = [first, ...rotations.map((r) => r.secret)];
    expect(new Set(secrets).size).toBe(4);
    for (const rotation of rotations) expect(Date.parse(rotation.previous_secret_expires_at)).toBeGreaterThan(Date.now() + HOUR - MINUTE);
    receiver.trust(...secrets);

    const got = await delivered('screening.completed');

    expect(got.verifiedWith.sort()).toEqual([...secrets].sort());
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(4);
  });

  it('each previous secret signs until its own previous_secret_expires_at, not until the next rotation', async () => {
    const start = new Date();
    t.clock.set(start);
    const { id, secret: s0 } = await register(['report.completed']);
    const r1 = await rotate(id);
    t.clock.set(new Date(start.getTime() + 10 * MINUTE));
    const r2 = await rotate(id);
    t.clock.set(new Date(start.getTime() + 20 * MINUTE));
    const r3 = await rotate(id);
    expect([r1, r2, r3].map((r) => Date.parse(r.previous_secret_expires_at) - start.getTime())).toEqual([HOUR, HOUR + 10 * MINUTE, HOUR + 20 * MINUTE]);
    // The signatures in the header, newest secret first, checked at the attempt's own timestamp (the clock is moved).
    const signedWith = async (secrets: string[]) => {
      const got = await delivered('report.completed');
      const timestamp = Number(got.headers['webhook-timestamp']);
      const id = String(got.headers['webhook-id']);
      expect(String(got.headers['webhook-signature']).split(' ')).toEqual(secrets.map((secret) => signatureOf(secret, id, timestamp, got.body)));
    };

    await signedWith([r3.secret, r2.secret, r1.secret, s0]);
    t.clock.set(new Date(Date.parse(r1.previous_secret_expires_at) + MINUTE));
    await signedWith([r3.secret, r2.secret, r1.secret]);
    t.clock.set(new Date(Date.parse(r3.previous_secret_expires_at) + MINUTE));
    await signedWith([r3.secret]);

    // A rotation forgets the sealed secrets that expired: the current one and the one it replaces remain.
    await rotate(id);
    expect(await t.db('integration.webhook_secrets').where({ webhook_id: id }).count<Array<{ count: string }>>({ count: '*' })).toEqual([{ count: '2' }]);
  });

  it('refuses a rotation while as many secrets as allowed still sign, saying when the oldest expires', async () => {
    const { id } = await register(['screening.failed']);
    const [oldest] = [await rotate(id), await rotate(id), await rotate(id)];

    const refused = await api('post', `/${id}/rotate-secret`).expect(409);

    expect(refused.body).toEqual({
      status: 'fail',
      message: `This webhook already has 4 secrets that sign (the most allowed): rotate it again after ${oldest.previous_secret_expires_at}, when the oldest expires`,
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'WebhookSecretLimitError' },
    });
    expect(refused.text).not.toMatch(/whsec_/);
    t.clock.set(new Date(Date.parse(oldest.previous_secret_expires_at) + 1000));
    await api('post', `/${id}/rotate-secret`).expect(200);
  });
});
