import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IEnvVar } from 'kubernetes-models/v1/EnvVar';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import { AREA_SETTINGS, AREAS, LABELS, PROCESS_SETTINGS, QUEUES, type Area } from './expectations';
import { ofKind, OVERLAYS, renderOverlay, secretTemplate } from './manifests';

type Component = 'api' | 'worker' | 'migrate';

function labelsOf(component: Component, area: Area): Record<string, string> {
  return { [LABELS.name]: 'kyb-suite', [LABELS.component]: component, [LABELS.area]: area };
}

function envValue(container: IContainer, name: string): IEnvVar | undefined {
  return container.env?.find((e) => e.name === name);
}

function secretKey(container: IContainer, name: string): string | undefined {
  return envValue(container, name)?.valueFrom?.secretKeyRef?.key;
}

describe.each(OVERLAYS)('the workloads of the %s overlay', (overlay) => {
  const docs = renderOverlay(overlay);
  const deployments = ofKind<IDeployment>(docs, 'Deployment');
  const jobs = ofKind<IJob>(docs, 'Job');
  const [config] = ofKind<IConfigMap>(docs, 'ConfigMap');

  function workload(component: Component, area: Area) {
    const found = [...deployments, ...jobs].filter((w) => w.metadata?.labels?.[LABELS.component] === component && w.metadata.labels[LABELS.area] === area);
    expect(found).toHaveLength(1);
    const template = found[0].spec!.template as IPodTemplateSpec;
    expect(template.spec!.containers).toHaveLength(1);
    return { workload: found[0], template, container: template.spec!.containers[0] };
  }

  const pods: Array<[string, IPodTemplateSpec]> = [...deployments, ...jobs].map((w) => [`${w.kind} ${w.metadata!.name}`, w.spec!.template as IPodTemplateSpec]);

  it('has an api Deployment per area, a worker per area with queues, a migrate Job per area, and nothing else', () => {
    const names = (component: Component) =>
      [...deployments, ...jobs].filter((w) => w.metadata?.labels?.[LABELS.component] === component).map((w) => w.metadata!.labels![LABELS.area]).sort();
    expect(names('api')).toEqual([...AREAS].sort());
    expect(names('worker')).toEqual(AREAS.filter((a) => QUEUES[a].length > 0).sort());
    expect(names('migrate')).toEqual([...AREAS].sort());
    expect(deployments.length + jobs.length).toBe(AREAS.length * 2 + AREAS.filter((a) => QUEUES[a].length > 0).length);
  });

  it.each(AREAS)('the %s api runs its area in the api role: ports, readiness on /readyz, liveness on /healthz', (area) => {
    const { workload: api, template, container } = workload('api', area);
    expect(api.metadata!.name).toBe(`${area}-api`);
    expect(api.spec!.selector?.matchLabels).toEqual(labelsOf('api', area));
    expect(template.metadata!.labels).toEqual(labelsOf('api', area));
    expect(container.command).toEqual(['node', `dist/apps/${area}/main.js`]);
    expect(container.workingDir).toBe('/app');
    expect(container.ports).toEqual([
      { name: 'http', containerPort: 8080 },
      { name: 'metrics', containerPort: 9464 },
    ]);
    expect(envValue(container, 'ROLE')?.value).toBe('api');
    expect(envValue(container, 'PORT')?.value).toBe('8080');
    expect(envValue(container, 'METRICS_PORT')?.value).toBe('9464');
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(template.metadata!.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9464' });
    // The HorizontalPodAutoscaler owns the count: an applied replicas would reset it.
    expect(api.spec!).not.toHaveProperty('replicas');
  });

  it.each(AREAS.filter((a) => QUEUES[a].length > 0))('the %s worker runs in the worker role and is probed on its metrics port', (area) => {
    const { workload: worker, container } = workload('worker', area);
    expect(worker.metadata!.name).toBe(`${area}-worker`);
    expect(worker.spec!.selector?.matchLabels).toEqual(labelsOf('worker', area));
    expect(container.command).toEqual(['node', `dist/apps/${area}/main.js`]);
    expect(envValue(container, 'ROLE')?.value).toBe('worker');
    expect(envValue(container, 'METRICS_PORT')?.value).toBe('9464');
    expect(envValue(container, 'PORT')).toBeUndefined();
    expect(container.ports).toEqual([{ name: 'metrics', containerPort: 9464 }]);
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'metrics' });
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'metrics' });
    expect(worker.spec!).not.toHaveProperty('replicas');
  });

  it.each(AREAS)('the %s migrate Job connects as the schema owner and grants kyb_app', (area) => {
    const { workload: job, template, container } = workload('migrate', area);
    expect(job.metadata!.name).toBe(`${area}-migrate`);
    expect(template.spec!.restartPolicy).toBe('Never');
    expect(container.command).toEqual(['node', `dist/apps/${area}/main.js`]);
    expect(envValue(container, 'ROLE')?.value).toBe('migrate');
    expect(secretKey(container, 'DATABASE_URL')).toBe('database-owner-url');
    expect(envValue(container, 'DB_APP_ROLE')?.valueFrom?.configMapKeyRef?.key).toBe('DB_APP_ROLE');
    expect(config.data!.DB_APP_ROLE).toBe('kyb_app');
  });

  it.each(AREAS)('the %s api and worker connect as kyb_app and get exactly the settings their area reads', (area) => {
    const processes = QUEUES[area].length > 0 ? (['api', 'worker'] as const) : (['api'] as const);
    const areaEnv = processes.map((component) => {
      const { container } = workload(component, area);
      expect(secretKey(container, 'DATABASE_URL')).toBe('database-app-url');
      const names = (container.env ?? []).map((e) => e.name);
      expect(names.filter((n) => !PROCESS_SETTINGS.includes(n) && !AREA_SETTINGS[area].reads.includes(n))).toEqual([]);
      expect(new Set(names).size).toBe(names.length);
      for (const required of AREA_SETTINGS[area].required) expect(names).toContain(required);
      return names.filter((n) => !PROCESS_SETTINGS.includes(n)).sort();
    });
    // Both roles load the whole area configuration: they must agree on it.
    expect(new Set(areaEnv.map((names) => names.join()))).toEqual(new Set([areaEnv[0].join()]));
  });

  it('takes every setting from the rendered ConfigMap or a key of the Secret template, never from a literal secret', () => {
    const secretKeys = Object.keys((secretTemplate() as unknown as ISecret).stringData ?? {});
    const settings = new Set([...PROCESS_SETTINGS, ...AREAS.flatMap((area) => AREA_SETTINGS[area].reads)]);
    const used = new Set(pods.flatMap(([, t]) => t.spec!.containers.flatMap((c) => (c.env ?? []).map((e) => e.valueFrom?.configMapKeyRef?.key))));
    // Every key of the ConfigMap is a setting, and some process reads it.
    expect(Object.keys(config.data!).filter((key) => !settings.has(key) || !used.has(key))).toEqual([]);
    for (const [, template] of pods) {
      for (const env of template.spec!.containers.flatMap((c) => c.env ?? [])) {
        const { configMapKeyRef, secretKeyRef } = env.valueFrom ?? {};
        if (configMapKeyRef) {
          expect(configMapKeyRef.name).toBe(config.metadata!.name);
          expect(Object.keys(config.data!)).toContain(configMapKeyRef.key);
        } else if (secretKeyRef) {
          expect(secretKeyRef.name).toBe('kyb-secrets');
          expect(secretKeys).toContain(secretKeyRef.key);
        } else {
          expect(['ROLE', 'PORT', 'METRICS_PORT']).toContain(env.name);
        }
      }
    }
  });

  it.each(pods)('%s runs every container as non-root uid 10001, read-only, without privileges, with a writable /tmp', (_name, template) => {
    const spec = template.spec!;
    expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, seccompProfile: { type: 'RuntimeDefault' } });
    expect(spec.automountServiceAccountToken).toBe(false);
    for (const container of [...(spec.initContainers ?? []), ...spec.containers]) {
      expect(container.image).toMatch(/^kyb-suite:[\w.-]+$/);
      expect(container.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: 10001,
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(container.resources?.requests).toEqual(expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }));
      expect(container.resources?.limits).toEqual(expect.objectContaining({ memory: expect.any(String) }));
      const tmp = container.volumeMounts?.find((m) => m.mountPath === '/tmp');
      expect(spec.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
    }
  });
});
