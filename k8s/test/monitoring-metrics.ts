/**
 * The metric names the suite really exports, read from the registries its own code builds: the
 * HTTP and process metrics and the queue metrics of the libraries, and the areas' instruments
 * (provider calls and circuits, webhooks, cases). The areas' modules are loaded by path, as the
 * suite loads the areas (docs/adr/0001): no project imports an app. Nothing connects anywhere:
 * instruments are only registered, never collected.
 */
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { createHttpMetrics } from '@kyb/http';
import { createQueueMetrics, type QueueMetricsOptions } from '@kyb/queues';

const APPS = join(__dirname, '..', '..', 'apps');

/** An app's module, by its path under apps/ (typed by the caller). */
function appModule<T>(path: string): T {
  return require(join(APPS, path)) as T;
}

type AnyFn = (...args: never[]) => unknown;

/** Every name a scrape of the suite can carry: histograms as their _bucket, _sum and _count. */
export async function exportedMetricNames(): Promise<Set<string>> {
  const http = createHttpMetrics({ service: 'names' }).registry;
  const registry = new Registry();
  // A connection that answers CONFIG, so the Redis persistence gauge is registered as in a worker; no queue opens a connection.
  const connection = { config: async () => [] } as unknown as QueueMetricsOptions['connection'];
  const queues = createQueueMetrics({ registry, queues: [], connection });
  const { createCircuitStateGauge } = appModule<{ createCircuitStateGauge: AnyFn }>('integration/src/providers/guard/circuit-metrics');
  const { createProviderCallMetrics } = appModule<{ createProviderCallMetrics: () => { register(r: Registry): void } }>('integration/src/providers/guard/provider-call-metrics');
  const { createWebhookMetrics } = appModule<{ createWebhookMetrics: (o: object) => { register(r: Registry): void } }>('integration/src/webhooks/webhook-metrics');
  const { createCaseMetrics } = appModule<{ createCaseMetrics: AnyFn }>('case/src/decisions/case-metrics');
  (createCircuitStateGauge as (r: Registry, b: object) => unknown)(registry, { snapshot: () => [] });
  createProviderCallMetrics().register(registry);
  createWebhookMetrics({ db: {}, clock: () => new Date() }).register(registry);
  (createCaseMetrics as (r: Registry, db: object, clock: () => Date) => unknown)(registry, {}, () => new Date());
  await queues.close();

  const names = new Set<string>();
  for (const metric of [...http.getMetricsAsArray(), ...registry.getMetricsAsArray()]) {
    // The instrument's own name and type: get() would collect (and read PostgreSQL or Redis).
    const { name, type } = metric as unknown as { name: string; type: string };
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    else if (type === 'summary') for (const suffix of ['', '_sum', '_count']) names.add(`${name}${suffix}`);
    else names.add(name);
  }
  return names;
}
