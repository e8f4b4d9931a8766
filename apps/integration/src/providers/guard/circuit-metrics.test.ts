import { Registry } from 'prom-client';
import { VendorCallError } from '../vendor-http';
import { createCircuitBreakers } from './circuit-breaker';
import { createCircuitStateGauge } from './circuit-metrics';

describe('the circuit state gauge', () => {
  it('reads 0 closed, 2 open and 1 half-open per adapter and credential at each scrape', async () => {
    let now = Date.parse('2026-12-02T10:00:00.000Z');
    const breakers = createCircuitBreakers({ failureThreshold: 1, coolDownMs: 30_000, clock: () => new Date(now) });
    const registry = new Registry();
    createCircuitStateGauge(registry, breakers);
    await breakers.run({ adapter: 'smarty', credential: 'aaaa' }, async () => 'ok');
    await breakers
      .run({ adapter: 'cobalt', credential: 'bbbb' }, async () => {
        throw new VendorCallError('Cobalt failed (HTTP 502)', { transient: true, status: 502 });
      })
      .catch(() => undefined);
    const series = async () => (await registry.getSingleMetricAsString('kyb_provider_circuit_state')).split('\n').filter((line) => !line.startsWith('#'));
    expect(await series()).toEqual(['kyb_provider_circuit_state{adapter="smarty",credential="aaaa"} 0', 'kyb_provider_circuit_state{adapter="cobalt",credential="bbbb"} 2']);
    now += 30_000;
    expect(await series()).toEqual(['kyb_provider_circuit_state{adapter="smarty",credential="aaaa"} 0', 'kyb_provider_circuit_state{adapter="cobalt",credential="bbbb"} 1']);
  });
});
