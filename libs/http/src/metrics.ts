import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The Prometheus registry of one process and the HTTP instruments recorded in it. */
export interface HttpMetrics {
  registry: Registry;
  /** Records one answered request: its method, route pattern (never the raw path), status and duration. */
  record(method: string, route: string, status: number, seconds: number): void;
}

/**
 * Creates a registry with process metrics and per-route request counts and durations. The labelled
 * series of each method and route (and status) are looked up once and kept: prom-client would
 * otherwise hash the labels of every observation. Routes are patterns, so they are few.
 */
export function createHttpMetrics(options: { service: string; collectProcessMetrics?: boolean }): HttpMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  if (options.collectProcessMetrics !== false) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  type Series = { duration: ReturnType<typeof duration.labels>; byStatus: Map<number, ReturnType<typeof requests.labels>> };
  const series = new Map<string, Series>();

  return {
    registry,
    record(method, route, status, seconds) {
      const key = `${method} ${route}`;
      let route_ = series.get(key);
      if (!route_) {
        route_ = { duration: duration.labels({ method, route }), byStatus: new Map() };
        series.set(key, route_);
      }
      let count = route_.byStatus.get(status);
      if (!count) {
        count = requests.labels({ method, route, status: String(status) });
        route_.byStatus.set(status, count);
      }
      count.inc();
      route_.duration.observe(seconds);
    },
  };
}
