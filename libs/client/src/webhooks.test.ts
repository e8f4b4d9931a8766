import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError, type VerifyWebhookOptions } from './index';

// Deliveries are signed with the independent `standardwebhooks` library, as the suite's signing is checked against it.
const secret = () => `whsec_${randomBytes(32).toString('base64')}`;
const NOW = new Date('2026-06-01T12:00:00Z');
const body = JSON.stringify({ type: 'score.computed', timestamp: '2026-06-01T11:59:58.000Z', data: { business_id: 'b-1', score_id: 's-1', risk_level: 'LOW' } });

function delivery(secrets: string[], options: { at?: Date; id?: string; payload?: string } = {}) {
  const id = options.id ?? 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W';
  const at = options.at ?? NOW;
  const signature = secrets.map((s) => new Webhook(s).sign(id, at, options.payload ?? body)).join(' ');
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature, 'content-type': 'application/json' };
}

const verify = (options: Partial<VerifyWebhookOptions> & Pick<VerifyWebhookOptions, 'secret' | 'headers'>) => verifyWebhook({ body, now: () => NOW, ...options });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return err instanceof WebhookVerificationError ? err.reason : err;
  }
  return 'verified';
};

describe('verifyWebhook (Standard Webhooks)', () => {
  it('verifies a delivery and answers its id, time and event', () => {
    const key = secret();

    const verified = verify({ secret: key, headers: delivery([key]), body: Buffer.from(body) });

    expect(verified).toEqual({
      id: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
      timestamp: NOW,
      event: { type: 'score.computed', timestamp: '2026-06-01T11:59:58.000Z', data: { business_id: 'b-1', score_id: 's-1', risk_level: 'LOW' } },
    });
  });

  it('refuses a tampered body, id or timestamp', () => {
    const key = secret();
    const headers = delivery([key]);

    expect(refusal(() => verify({ secret: key, headers, body: body.replace('LOW', 'HIGH') }))).toBe('no_matching_signature');
    expect(refusal(() => verify({ secret: key, headers: { ...headers, 'webhook-id': 'msg_other' } }))).toBe('no_matching_signature');
    expect(refusal(() => verify({ secret: key, headers: { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) } }))).toBe('no_matching_signature');
  });

  it('refuses a delivery signed with another secret, or a signature of another version', () => {
    const key = secret();
    const headers = delivery([secret()]);

    expect(refusal(() => verify({ secret: key, headers }))).toBe('no_matching_signature');
    expect(refusal(() => verify({ secret: key, headers: { ...delivery([key]), 'webhook-signature': delivery([key])['webhook-signature'].replace('v1,', 'v2,') } }))).toBe('no_matching_signature');
  });

  it('refuses a timestamp further than the tolerance from now, in the past (a replay) or the future', () => {
    const key = secret();
    const at = (seconds: number) => delivery([key], { at: new Date(NOW.getTime() + seconds * 1000) });

    expect(refusal(() => verify({ secret: key, headers: at(-301) }))).toBe('timestamp_outside_tolerance');
    expect(refusal(() => verify({ secret: key, headers: at(301) }))).toBe('timestamp_outside_tolerance');
    expect(refusal(() => verify({ secret: key, headers: at(-300) }))).toBe('verified');
    expect(refusal(() => verify({ secret: key, headers: at(-20), toleranceSeconds: 10 }))).toBe('timestamp_outside_tolerance');
    expect(refusal(() => verify({ secret: key, headers: { ...at(0), 'webhook-timestamp': '12e3' } }))).toBe('bad_timestamp');
  });

  it('during a rotation, a delivery signed with the old and the new secret verifies with either, and a receiver may hold both', () => {
    const [before, after] = [secret(), secret()];
    const rotating = delivery([after, before]);
    const afterOnly = delivery([after]);

    expect(refusal(() => verify({ secret: before, headers: rotating }))).toBe('verified');
    expect(refusal(() => verify({ secret: after, headers: rotating }))).toBe('verified');
    expect(refusal(() => verify({ secret: [after, before], headers: afterOnly }))).toBe('verified');
    expect(refusal(() => verify({ secret: [before], headers: afterOnly }))).toBe('no_matching_signature');
  });

  it('reads headers of any case, as arrays (Node) or as a Headers object (fetch), and refuses missing ones', () => {
    const key = secret();
    const headers = delivery([key]);
    const upper = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), [value]]));

    expect(refusal(() => verify({ secret: key, headers: upper }))).toBe('verified');
    expect(refusal(() => verify({ secret: key, headers: new Headers(headers) }))).toBe('verified');
    expect(refusal(() => verify({ secret: key, headers: { ...headers, 'webhook-signature': undefined } }))).toBe('missing_headers');
  });

  it('says a malformed secret is not one, without the secret in the message', () => {
    expect(() => verify({ secret: 'whsec_', headers: delivery([secret()]) })).toThrow(new TypeError('a webhook secret is whsec_ followed by a base64 key'));
  });
});
