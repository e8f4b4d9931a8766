import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret, signatureOf, signedHeaders } from './signing';

const body = JSON.stringify({ type: 'business.verified', data: { businessId: 'b_1', name: 'Zoë & Co' } });
const id = 'msg_2mYB7q3sFJ7nN0bXn4qk8ZcS1aB';
const now = () => Math.floor(Date.now() / 1000);

describe('generateWebhookSecret', () => {
  it('is whsec_ followed by the base64 of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
  });

  it('is different every time', () => {
    expect(generateWebhookSecret()).not.toBe(generateWebhookSecret());
  });
});

describe('signatureOf', () => {
  it('is v1, and the base64 HMAC-SHA256 of "id.timestamp.body" keyed with the decoded secret', () => {
    const key = Buffer.alloc(32, 7);
    const expected = createHmac('sha256', key).update(`${id}.1700000000.${body}`).digest('base64');
    expect(signatureOf(`whsec_${key.toString('base64')}`, id, 1700000000, body)).toBe(`v1,${expected}`);
  });

  it('matches the standardwebhooks reference signer', () => {
    const secret = generateWebhookSecret();
    const timestamp = now();
    const reference = new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
    expect(signatureOf(secret, id, timestamp, body)).toBe(reference);
  });

  it('refuses a secret without the whsec_ prefix, without echoing the secret', () => {
    const raw = Buffer.alloc(32, 1).toString('base64');
    expect(() => signatureOf(raw, id, now(), body)).toThrow('a webhook secret must be whsec_ followed by a base64 key');
    expect(() => signatureOf(raw, id, now(), body)).not.toThrow(raw);
    expect(() => signatureOf('whsec_', id, now(), body)).toThrow(TypeError);
  });

  it('refuses a timestamp that is not whole seconds', () => {
    expect(() => signatureOf(generateWebhookSecret(), id, Date.now() / 1000, body)).toThrow(RangeError);
    expect(() => signatureOf(generateWebhookSecret(), id, -1, body)).toThrow(RangeError);
  });
});

describe('signedHeaders', () => {
  it('are verified by the standardwebhooks package', () => {
    const secret = generateWebhookSecret();
    const headers = signedHeaders([secret], id, now(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('carry the id, the timestamp, the JSON content type and the user agent', () => {
    const headers = signedHeaders([generateWebhookSecret()], id, 1700000000, body);
    expect(headers).toEqual({
      'webhook-id': id,
      'webhook-timestamp': '1700000000',
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
      'content-type': 'application/json',
      'user-agent': 'kyb-suite-webhooks/1',
    });
  });

  it('during a rotation carry one signature per secret, each verifiable alone', () => {
    const [previous, next] = [generateWebhookSecret(), generateWebhookSecret()];
    const timestamp = now();
    const headers = signedHeaders([previous, next], id, timestamp, body);
    expect(headers['webhook-signature'].split(' ')).toEqual([
      signatureOf(previous, id, timestamp, body),
      signatureOf(next, id, timestamp, body),
    ]);
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(next).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow('No matching signature found');
  });

  it('fail verification when the body is tampered with', () => {
    const secret = generateWebhookSecret();
    const headers = signedHeaders([secret], id, now(), body);
    const tampered = body.replace('b_1', 'b_2');
    expect(() => new Webhook(secret).verify(tampered, headers)).toThrow('No matching signature found');
  });

  it('fail verification when the id or the timestamp is changed', () => {
    const secret = generateWebhookSecret();
    const headers = signedHeaders([secret], id, now(), body);
    const otherId = { ...headers, 'webhook-id': 'msg_other' };
    const otherTime = { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) };
    expect(() => new Webhook(secret).verify(body, otherId)).toThrow('No matching signature found');
    expect(() => new Webhook(secret).verify(body, otherTime)).toThrow('No matching signature found');
  });

  it('refuse to sign without a secret', () => {
    expect(() => signedHeaders([], id, now(), body)).toThrow('a webhook needs at least one secret to be signed');
  });
});
