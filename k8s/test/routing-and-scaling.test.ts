import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import type { IService } from 'kubernetes-models/v1/Service';
import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import type { ITriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';
import { AREAS, LABELS, PREFIXES, QUEUE_PREFIX, QUEUES } from './expectations';
import { ofKind, OVERLAYS, renderOverlay, secretTemplate, type Manifest, type Overlay } from './manifests';

/** True when every label of `selector` is on `labels`. */
function selects(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  return !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

function apiPodLabels(docs: Manifest[], area: string): Record<string, string> {
  const api = ofKind<IDeployment>(docs, 'Deployment').find((d) => d.metadata!.name === `${area}-api`)!;
  return api.spec!.template.metadata!.labels!;
}

describe.each(OVERLAYS)('routing, scaling and policies of the %s overlay', (overlay) => {
  const docs = renderOverlay(overlay);
  const services = ofKind<IService>(docs, 'Service');

  it.each(AREAS)('the %s api has a Service (80 -> http), a PodDisruptionBudget and a CPU HorizontalPodAutoscaler', (area) => {
    const labels = apiPodLabels(docs, area);
    const service = services.find((s) => s.metadata!.name === `${area}-api`);
    expect(selects(service?.spec?.selector, labels)).toBe(true);
    expect(service!.spec!.ports).toContainEqual({ name: 'http', port: 80, targetPort: 'http' });
    const pdbs = ofKind<IPodDisruptionBudget>(docs, 'PodDisruptionBudget').filter((p) => selects(p.spec!.selector!.matchLabels, labels));
    expect(pdbs).toHaveLength(1);
    const hpas = ofKind<IHorizontalPodAutoscaler>(docs, 'HorizontalPodAutoscaler').filter((h) => h.spec.scaleTargetRef.name === `${area}-api`);
    expect(hpas).toHaveLength(1);
    expect(hpas[0].spec.scaleTargetRef.kind).toBe('Deployment');
    expect(hpas[0].spec.metrics).toContainEqual(expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }));
  });

  it.each(AREAS.filter((a) => QUEUES[a].length > 0))("the %s worker is scaled by KEDA on the wait lists of exactly its area's queues", (area) => {
    const scaledObjects = ofKind<IScaledObject>(docs, 'ScaledObject').filter((s) => s.spec.scaleTargetRef.name === `${area}-worker`);
    expect(scaledObjects).toHaveLength(1);
    const { spec } = scaledObjects[0];
    expect(spec.minReplicaCount).toBeGreaterThanOrEqual(1);
    expect(spec.triggers.every((t) => t.type === 'redis')).toBe(true);
    expect(spec.triggers.map((t) => t.metadata.listName).sort()).toEqual(QUEUES[area].map((q) => `${QUEUE_PREFIX}:${q}:wait`).sort());
    const auths = ofKind<ITriggerAuthentication>(docs, 'TriggerAuthentication');
    for (const trigger of spec.triggers) {
      expect(trigger.metadata).not.toHaveProperty('address');
      const auth = auths.find((a) => a.metadata!.name === trigger.authenticationRef?.name);
      expect(auth?.spec.secretTargetRef).toEqual(
        expect.arrayContaining([
          { parameter: 'address', name: 'kyb-secrets', key: 'redis-address' },
          { parameter: 'password', name: 'kyb-secrets', key: 'redis-password' },
        ]),
      );
    }
  });

  it('the Ingress routes exactly the five area prefixes, each to its api Service', () => {
    const ingresses = ofKind<IIngress>(docs, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const [ingress] = ingresses;
    expect(ingress.spec!.ingressClassName).toBe('nginx');
    expect(ingress.metadata!.annotations!['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('5m');
    expect(ingress.metadata!.annotations!['nginx.ingress.kubernetes.io/proxy-read-timeout']).toMatch(/^\d+$/);
    const paths = ingress.spec!.rules!.flatMap((r) => r.http!.paths);
    expect(paths.map((p) => p.path).sort()).toEqual([...PREFIXES].sort());
    for (const path of paths) {
      expect(path.pathType).toBe('Prefix');
      const area = path.path!.split('/')[1];
      expect(path.backend.service!.name).toBe(`${area}-api`);
      const service = services.find((s) => s.metadata!.name === path.backend.service!.name);
      expect(service?.spec?.ports?.map((p) => p.name)).toContain(path.backend.service!.port!.name);
    }
  });

  it('renders no Secret carrying a value, and the Secret template has only empty values', () => {
    for (const secret of [...ofKind<ISecret>(docs, 'Secret'), secretTemplate() as ISecret]) {
      const values = [...Object.values(secret.data ?? {}), ...Object.values(secret.stringData ?? {})];
      expect(values.filter((v) => v !== '')).toEqual([]);
    }
    expect(JSON.stringify(docs)).not.toMatch(/postgres(ql)?:\/\/|rediss?:\/\//);
  });

  it('denies by default, then admits the ingress controller, Prometheus and the areas, and lets out DNS, PostgreSQL and Redis', () => {
    const policies = ofKind<INetworkPolicy>(docs, 'NetworkPolicy');
    const suite = { [LABELS.name]: 'kyb-suite' };
    const deny = policies.find((p) => p.spec!.policyTypes?.length === 2 && !p.spec!.ingress && !p.spec!.egress);
    expect(deny?.spec!.podSelector?.matchLabels).toEqual(suite);
    const admits = (namespace: string, port: number) =>
      policies.some((p) =>
        p.spec!.ingress?.some((rule) => rule.from?.some((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === namespace) && rule.ports?.some((pt) => pt.port === port)),
      );
    expect(admits('ingress-nginx', 8080)).toBe(true);
    expect(admits('monitoring', 9464)).toBe(true);
    const lets = (port: number) => policies.some((p) => selects(p.spec!.podSelector?.matchLabels, suite) && p.spec!.egress?.some((rule) => rule.ports?.some((pt) => pt.port === port)));
    for (const port of [53, 5432, 6379, 8080]) expect(lets(port)).toBe(true);
  });
});

describe('the overlays differ as intended', () => {
  const hpas = (overlay: Overlay) => ofKind<IHorizontalPodAutoscaler>(renderOverlay(overlay), 'HorizontalPodAutoscaler');
  const scaled = (overlay: Overlay) => ofKind<IScaledObject>(renderOverlay(overlay), 'ScaledObject');
  const millicores = (cpu: string | number) => (typeof cpu === 'number' ? cpu * 1000 : cpu.endsWith('m') ? Number(cpu.slice(0, -1)) : Number(cpu) * 1000);
  const cpuRequests = (overlay: Overlay) =>
    ofKind<IDeployment>(renderOverlay(overlay), 'Deployment').map((d) => millicores(d.spec!.template.spec!.containers[0].resources!.requests!.cpu as string));

  it('dev runs one replica of each api and worker, prod at least three api and two worker replicas', () => {
    expect(hpas('dev').map((h) => h.spec.minReplicas)).toEqual(AREAS.map(() => 1));
    expect(hpas('prod').every((h) => h.spec.minReplicas! >= 3 && h.spec.maxReplicas > h.spec.minReplicas!)).toBe(true);
    expect(scaled('dev').map((s) => s.spec.minReplicaCount)).toEqual([1, 1, 1, 1]);
    expect(scaled('prod').every((s) => s.spec.minReplicaCount! >= 2 && s.spec.maxReplicaCount! > s.spec.minReplicaCount!)).toBe(true);
  });

  it('prod pods are bigger than dev pods', () => {
    expect(Math.min(...cpuRequests('prod'))).toBeGreaterThan(Math.max(...cpuRequests('dev')));
  });

  it('each has its own namespace, host and public URL; only prod terminates TLS', () => {
    const facts = (overlay: Overlay) => {
      const docs = renderOverlay(overlay);
      const [ingress] = ofKind<IIngress>(docs, 'Ingress');
      const [config] = ofKind<{ data: Record<string, string> }>(docs, 'ConfigMap');
      return { namespaces: new Set(docs.map((d) => d.metadata.namespace ?? d.metadata.name)), host: ingress.spec!.rules![0].host, tls: ingress.spec!.tls, url: config.data.PUBLIC_APP_URL };
    };
    const dev = facts('dev');
    const prod = facts('prod');
    expect(dev.namespaces).toEqual(new Set(['kyb-dev']));
    expect(prod.namespaces).toEqual(new Set(['kyb']));
    expect(dev.tls).toBeUndefined();
    expect(prod.tls).toEqual([{ hosts: [prod.host], secretName: 'kyb-gateway-tls' }]);
    expect(prod.url).toBe(`https://${prod.host}`);
    expect(dev.url).toBe(`http://${dev.host}`);
  });
});
