import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IPodMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor';
import type { IPrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IService } from 'kubernetes-models/v1/Service';
import { copyOf, K8S_ROOT, ofKind, parseDocuments, renderOverlay, validateDocuments, type Manifest } from './manifests';
import { exportedMetricNames } from './monitoring-metrics';
import { metricNamesOf } from './monitoring-promql';

const RUNBOOK = join(K8S_ROOT, '..', 'docs', 'operations', 'runbook.md');
const SLOS = join(K8S_ROOT, '..', 'docs', 'operations', 'slos.md');
const AREAS = ['auth', 'case', 'integration', 'report', 'score'];

function renderMonitoring(): Manifest[] {
  const run = spawnSync('kubectl', ['kustomize', join(K8S_ROOT, 'monitoring')], { encoding: 'utf8', timeout: 60_000 });
  if (run.error) throw new Error(`cannot run kubectl: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`kubectl kustomize k8s/monitoring failed:\n${run.stderr}`);
  return parseDocuments(run.stdout, 'k8s/monitoring');
}

interface Panel {
  type: string;
  title: string;
  targets?: Array<{ expr: string }>;
}

const docs = renderMonitoring();
const rule = ofKind<IPrometheusRule>(docs, 'PrometheusRule')[0];
const rules = (rule.spec.groups ?? []).flatMap((group) => group.rules ?? []);
const alerts = rules.filter((r) => r.alert);
const dashboard = JSON.parse(Object.values((docs.find((d) => d.kind === 'ConfigMap') as unknown as { data: Record<string, string> }).data)[0]) as { panels: Panel[] };
const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));
/** The GitHub anchors of the runbook's headings (only letters, digits, spaces and dashes are used in them). */
const anchors = new Set(
  [...readFileSync(RUNBOOK, 'utf8').matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) => m[1].toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')),
);

/** Names an expression reads that are neither exported by the suite nor recorded by the rules. */
function unknownNames(expr: string, exported: Set<string>): string[] {
  const recorded = new Set(rules.flatMap((r) => (r.record ? [r.record] : [])));
  return metricNamesOf(expr).filter((name) => !exported.has(name) && !recorded.has(name));
}

describe('k8s/monitoring', () => {
  let exported: Set<string>;
  beforeAll(async () => {
    exported = await exportedMetricNames();
  });

  it('builds with kubectl kustomize, and every document passes its Kubernetes or Prometheus Operator schema', () => {
    expect(docs.map((d) => `${d.kind}/${d.metadata.name}`).sort()).toEqual(['ConfigMap/kyb-grafana-dashboard', 'PodMonitor/kyb-worker', 'PrometheusRule/kyb-suite', 'ServiceMonitor/kyb-api']);
    const { status, results } = validateDocuments(docs);
    expect(results.filter((r) => r.errors.length > 0)).toEqual([]);
    expect(status).toBe(0);
  });

  it('fails the schema check on a broken monitor or rule, naming what is wrong', () => {
    const monitor = copyOf(ofKind<IServiceMonitor>(docs, 'ServiceMonitor')[0]) as unknown as { spec: { endpoints: Array<Record<string, unknown>> } };
    monitor.spec.endpoints[0].interval = 30;
    const broken = copyOf(rule) as unknown as { spec: { groups: Array<Record<string, unknown>> } };
    broken.spec.groups[0].rulez = [];
    const { status, results } = validateDocuments([monitor, broken]);
    expect(status).toBe(1);
    // The schema states the interval's type twice (type and pattern of a duration): both say so.
    expect(results.map((r) => [...new Set(r.errors)])).toEqual([['data/spec/endpoints/0/interval must be string'], ['unknown field spec.groups[0].rulez']]);
  });

  it('provisions the dashboard for Grafana, with one row per area and one for the queues', () => {
    const configMap = docs.find((d) => d.kind === 'ConfigMap')!;
    expect(configMap.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    expect(dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title)).toEqual([...AREAS, 'queues']);
    expect(queries.length).toBeGreaterThan(20);
  });

  it('reads metrics from the registries the code builds (the check knows the new ones, and a made-up one is not among them)', () => {
    for (const name of ['http_requests_total', 'http_request_duration_seconds_bucket', 'kyb_queue_oldest_waiting_seconds', 'kyb_queue_jobs_failed_for_good_total', 'kyb_recovery_records_total', 'kyb_redis_persistence_enabled', 'kyb_provider_call_duration_seconds_count', 'kyb_provider_circuit_state', 'kyb_webhook_delivery_attempts_total', 'kyb_webhook_oldest_due_seconds', 'kyb_case_review_queue_oldest_seconds']) {
      expect([name, exported.has(name)]).toEqual([name, true]);
    }
    expect(exported.has('kyb_queue_oldest_job_seconds')).toBe(false);
  });

  it('names in every rule and every dashboard query only metrics the suite exports or the rules record', () => {
    const unknown = [
      ...rules.map((r) => ({ rule: r.record ?? r.alert, unknown: unknownNames(String(r.expr), exported) })),
      ...queries.map((q) => ({ rule: `dashboard: ${q.panel}`, unknown: unknownNames(q.expr, exported) })),
    ].filter((r) => r.unknown.length > 0);
    expect(unknown).toEqual([]);
    // Every expression but the SLOs' constants names something: the extraction did not strip it all away.
    const constant = /^vector\([0-9.]+\)$/;
    for (const expr of [...rules.map((r) => String(r.expr)), ...queries.map((q) => q.expr)].filter((e) => !constant.test(e))) {
      expect([expr, metricNamesOf(expr).length > 0]).toEqual([expr, true]);
    }
    expect(rules.filter((r) => constant.test(String(r.expr))).every((r) => r.record?.startsWith('kyb:area_slo_'))).toBe(true);
  });

  it('fails when a rule names a metric the suite does not export', () => {
    expect(unknownNames('max by (area, queue) (kyb_queue_oldest_job_seconds) > 600', exported)).toEqual(['kyb_queue_oldest_job_seconds']);
    expect(unknownNames('sum by (area) (rate(http_requests_totals{status=~"5.."}[5m])) / on (area) kyb:area_requests:rate5m', exported)).toEqual(['http_requests_totals']);
  });

  it('gives every alert a severity and a runbook_url to a section of docs/operations/runbook.md that exists', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(10);
    for (const alert of alerts) {
      const url = alert.annotations?.runbook_url ?? '';
      const [path, anchor] = url.split('#');
      expect([alert.alert, path.endsWith('/docs/operations/runbook.md'), anchors.has(anchor ?? '')]).toEqual([alert.alert, true, true]);
      expect(['critical', 'warning', 'info']).toContain(alert.labels?.severity);
    }
  });

  it('records each area\'s SLOs as docs/operations/slos.md states them', () => {
    const slos = readFileSync(SLOS, 'utf8');
    const recorded = (name: string, area: string) => Number(/^vector\(([0-9.]+)\)$/.exec(String(rules.find((r) => r.record === name && r.labels?.area === area)?.expr))?.[1]);
    for (const area of AREAS) {
      const row = new RegExp(`^\\| ${area} \\| ([0-9.]+)% \\| ([0-9.]+) s \\|`, 'm').exec(slos);
      expect([area, row?.[1], row?.[2]]).toEqual([area, String(+(recorded('kyb:area_slo_availability', area) * 100).toFixed(3)), String(recorded('kyb:area_slo_latency_p99_seconds', area))]);
    }
  });

  describe.each(['dev', 'prod'] as const)('against the %s overlay', (overlay) => {
    const base = renderOverlay(overlay);
    const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
      Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);

    it('the ServiceMonitor selects the five api Services, by a port they name metrics', () => {
      const monitor = ofKind<IServiceMonitor>(docs, 'ServiceMonitor')[0];
      const selected = ofKind<IService>(base, 'Service').filter((service) => matches(monitor.spec.selector.matchLabels, service.metadata?.labels));
      expect(selected.map((s) => s.metadata?.name).sort()).toEqual(AREAS.map((a) => `${a}-api`).sort());
      for (const service of selected) expect(service.spec?.ports?.map((p) => p.name)).toContain(monitor.spec.endpoints![0].port);
    });

    it('the PodMonitor selects the pods of the four workers, by a container port they name metrics, and no api pod', () => {
      const monitor = ofKind<IPodMonitor>(docs, 'PodMonitor')[0];
      const selected = ofKind<IDeployment>(base, 'Deployment').filter((d) => matches(monitor.spec.selector.matchLabels, d.spec?.template.metadata?.labels));
      expect(selected.map((d) => d.metadata?.name).sort()).toEqual(['case-worker', 'integration-worker', 'report-worker', 'score-worker']);
      for (const deployment of selected) {
        const ports = deployment.spec!.template.spec!.containers.flatMap((c) => c.ports ?? []);
        expect(ports.map((p) => p.name)).toContain(monitor.spec.podMetricsEndpoints![0].port);
      }
    });

    it('every scraped pod carries the area label the monitors relabel into `area`', () => {
      for (const deployment of ofKind<IDeployment>(base, 'Deployment')) expect(AREAS).toContain(deployment.spec?.template.metadata?.labels?.['kyb.example/area']);
      const relabeled = [...ofKind<IServiceMonitor>(docs, 'ServiceMonitor').flatMap((m) => m.spec.endpoints ?? []), ...ofKind<IPodMonitor>(docs, 'PodMonitor').flatMap((m) => m.spec.podMetricsEndpoints ?? [])];
      for (const endpoint of relabeled) expect(endpoint.relabelings).toContainEqual({ sourceLabels: ['__meta_kubernetes_pod_label_kyb_example_area'], targetLabel: 'area' });
    });
  });
});
