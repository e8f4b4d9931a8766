import { ProviderError } from '../providers.errors';
import { VendorCallError } from '../vendor-http';
import { createCircuitBreakers, type CircuitBreakers, type CircuitSnapshot } from './circuit-breaker';
import { CircuitOpenError, ProviderThrottledError } from './guard.errors';

const KEY = { adapter: 'smarty', credential: 'a1b2c3d4e5f60718' };
const outage = () => new VendorCallError('Smarty failed (HTTP 503)', { transient: true, status: 503 });
const T0 = Date.parse('2026-12-02T10:00:00.000Z');

describe('a circuit breaker per adapter and credential', () => {
  let now: number;
  let breakers: CircuitBreakers;
  let changes: Array<Pick<CircuitSnapshot, 'state' | 'failures'>>;
  let calls: number;
  const succeed = () => breakers.run(KEY, async () => (calls += 1, 'ok'));
  const fail = (err: Error = outage()) =>
    breakers.run(KEY, async () => {
      calls += 1;
      throw err;
    }).then(() => undefined, (e: unknown) => e);
  const refusal = async (key = KEY) => {
    const err = (await breakers.run(key, async () => (calls += 1, 'ok')).then(() => undefined, (e: unknown) => e)) as CircuitOpenError;
    expect(err).toBeInstanceOf(CircuitOpenError);
    return { message: err.message, transient: err.transient, retryAfterMs: err.retryAfterMs };
  };

  beforeEach(() => {
    now = T0;
    calls = 0;
    changes = [];
    breakers = createCircuitBreakers({ failureThreshold: 3, coolDownMs: 30_000, clock: () => new Date(now) });
    breakers.onChange(({ state, failures }) => changes.push({ state, failures }));
  });

  it('stays closed below the threshold, and an answer resets the count', async () => {
    await fail();
    await fail();
    expect(await succeed()).toBe('ok');
    await fail();
    await fail();
    expect(breakers.snapshot()).toEqual([{ ...KEY, state: 'closed', failures: 2, openedUntil: null }]);
    expect(changes).toEqual([]);
  });

  it('opens after 3 consecutive transient failures and then fails fast, transient, without calling', async () => {
    await fail();
    await fail();
    await fail();
    now += 1000;
    expect(await refusal()).toEqual({ message: 'smarty is failing: calls paused until 2026-12-02T10:00:30.000Z', transient: true, retryAfterMs: 29_000 });
    expect(calls).toBe(3);
    expect(breakers.snapshot()).toEqual([{ ...KEY, state: 'open', failures: 3, openedUntil: new Date(T0 + 30_000) }]);
    expect(changes).toEqual([{ state: 'open', failures: 3 }]);
  });

  it('after the cool-down lets one trial call through, refusing the others while it runs; its answer closes the circuit', async () => {
    for (let i = 0; i < 3; i += 1) await fail();
    now = T0 + 30_000;
    expect(breakers.state(KEY)).toBe('half-open');
    let finish!: (value: string) => void;
    const trial = breakers.run(KEY, () => new Promise<string>((resolve) => (finish = resolve)));
    expect(await refusal()).toEqual({ message: 'smarty is failing: calls paused while a trial call runs', transient: true, retryAfterMs: null });
    finish('ok');
    expect(await trial).toBe('ok');
    expect(breakers.snapshot()).toEqual([{ ...KEY, state: 'closed', failures: 0, openedUntil: null }]);
    expect(changes).toEqual([
      { state: 'open', failures: 3 },
      { state: 'half-open', failures: 3 },
      { state: 'closed', failures: 0 },
    ]);
  });

  it('opens again for a full cool-down when the trial call fails', async () => {
    for (let i = 0; i < 3; i += 1) await fail();
    now = T0 + 45_000;
    await fail();
    expect(breakers.snapshot()).toEqual([{ ...KEY, state: 'open', failures: 4, openedUntil: new Date(T0 + 75_000) }]);
    expect((await refusal()).message).toBe('smarty is failing: calls paused until 2026-12-02T10:01:15.000Z');
    expect(changes.map((c) => c.state)).toEqual(['open', 'half-open', 'open']);
  });

  it('never opens for permanent refusals (the vendor answered), our own rate limit, or a bug', async () => {
    const refused = new VendorCallError('Smarty refused the credentials (HTTP 401)', { transient: false, status: 401 });
    for (const err of [refused, refused, refused, new ProviderThrottledError('smarty', 100), new TypeError('bug'), new TypeError('bug'), new TypeError('bug')]) await fail(err);
    expect(breakers.state(KEY)).toBe('closed');
    await fail();
    await fail();
    await fail(refused);
    await fail();
    await fail();
    expect(breakers.snapshot()[0]).toMatchObject({ state: 'closed', failures: 2 });
  });

  it('keeps a half-open circuit half-open when the trial ends in an error that is not the vendor\'s', async () => {
    for (let i = 0; i < 3; i += 1) await fail();
    now = T0 + 30_000;
    await fail(new ProviderThrottledError('smarty', 100));
    expect(breakers.state(KEY)).toBe('half-open');
    expect(await succeed()).toBe('ok');
    expect(breakers.state(KEY)).toBe('closed');
  });

  it('keeps one circuit per adapter and credential', async () => {
    for (let i = 0; i < 3; i += 1) await fail();
    const other = { adapter: 'smarty', credential: 'ffff000011112222' };
    expect(await breakers.run(other, async () => 'ok')).toBe('ok');
    expect(await breakers.run({ adapter: 'cobalt', credential: KEY.credential }, async () => 'ok')).toBe('ok');
    expect(breakers.snapshot().map(({ adapter, credential, state }) => [adapter, credential, state])).toEqual([
      ['smarty', 'a1b2c3d4e5f60718', 'open'],
      ['smarty', 'ffff000011112222', 'closed'],
      ['cobalt', 'a1b2c3d4e5f60718', 'closed'],
    ]);
  });

  it('answers closed for a circuit it never saw, without keeping it', () => {
    expect(breakers.state({ adapter: 'opencorporates', credential: 'x' })).toBe('closed');
    expect(breakers.snapshot()).toEqual([]);
  });

  it('does not extend the pause for a late failure of a call admitted before the circuit opened', async () => {
    let late!: (err: Error) => void;
    const slow = breakers.run(KEY, () => new Promise<string>((_resolve, reject) => (late = reject))).catch((e: unknown) => e);
    for (let i = 0; i < 3; i += 1) await fail();
    now += 10_000;
    late(new ProviderError('Smarty did not answer within 10000 ms', { transient: true }));
    await slow;
    expect(breakers.snapshot()[0]).toMatchObject({ state: 'open', failures: 4, openedUntil: new Date(T0 + 30_000) });
  });

  it('stops telling a listener that unsubscribed', async () => {
    const heard: string[] = [];
    const stop = breakers.onChange(({ state }) => heard.push(state));
    stop();
    for (let i = 0; i < 3; i += 1) await fail();
    expect(heard).toEqual([]);
  });
});
