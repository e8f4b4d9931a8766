import { inSpan } from '@kyb/telemetry';

/** A provider as the area calls it: a name and methods that answer promises. */
type Provider = object;

/** The attributes a provider call's span carries (the guard's too): never the tenant's data. */
export function providerSpanAttributes(capability: string, adapter: string) {
  return { 'kyb.provider.adapter': adapter, 'kyb.provider.capability': capability };
}

/**
 * `provider` with every method call in a span of its own, named and attributed as the guard names
 * a guarded call's (`provider <capability> <adapter>`, its outcome `ok` or `failed`), for the
 * providers the guard does not wrap (the sandboxes answer in process): a trace shows every
 * provider call whichever adapter answered it.
 */
export function tracedProvider<P extends Provider>(provider: P, capability: string, adapter: string): P {
  const name = `provider ${capability} ${adapter}`;
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        inSpan(name, providerSpanAttributes(capability, adapter), async (span) => {
          try {
            const answer: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
            span.setAttribute('kyb.provider.outcome', 'ok');
            return answer;
          } catch (err) {
            span.setAttribute('kyb.provider.outcome', 'failed');
            throw err;
          }
        });
    },
  });
}
