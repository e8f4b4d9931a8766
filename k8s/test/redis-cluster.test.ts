import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import type { ITriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';
import { AREAS, QUEUE_PREFIX, QUEUES } from './expectations';
import { ofKind, renderOverlay, validateDocuments, type Overlay } from './manifests';

/*
 * components/redis-cluster, as overlays/prod-redis-cluster includes it in prod: the processes
 * reach a Redis Cluster through REDIS_CLUSTER_NODES and KEDA watches the cluster's wait lists,
 * whose keys carry QUEUE_PREFIX as a hash tag.
 */
// renderOverlay renders any folder under overlays/; the shared list of overlays is dev and prod.
const docs = renderOverlay('prod-redis-cluster' as Overlay);
const prod = renderOverlay('prod');

describe('the prod overlay on a Redis Cluster', () => {
  it('renders documents the schemas accept, the same kinds and names as prod', () => {
    const { status, results } = validateDocuments(docs);
    expect(results.filter((r) => r.errors.length > 0)).toEqual([]);
    expect(status).toBe(0);
    const names = (list: typeof docs) => list.map((d) => `${d.kind}/${d.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`).sort();
    expect(names(docs)).toEqual(names(prod));
  });

  it("sets the cluster's nodes in kyb-config and gives every api and worker container REDIS_CLUSTER_NODES from it; the migrate Jobs need no Redis", () => {
    const [config] = ofKind<IConfigMap>(docs, 'ConfigMap').filter((c) => c.metadata!.name!.startsWith('kyb-config'));
    expect(config.data?.REDIS_CLUSTER_NODES).toMatch(/^[a-z0-9.-]+:\d+(,[a-z0-9.-]+:\d+)+$/);
    const deployments = ofKind<IDeployment>(docs, 'Deployment');
    expect(deployments).toHaveLength(AREAS.length + AREAS.filter((a) => QUEUES[a].length > 0).length);
    for (const deployment of deployments) {
      const env = deployment.spec!.template.spec!.containers[0].env ?? [];
      expect({ name: deployment.metadata!.name, nodes: env.find((e) => e.name === 'REDIS_CLUSTER_NODES')?.valueFrom }).toEqual({
        name: deployment.metadata!.name,
        nodes: { configMapKeyRef: { name: config.metadata!.name, key: 'REDIS_CLUSTER_NODES' } },
      });
    }
    const jobs = docs.filter((d) => d.kind === 'Job');
    expect(jobs.length).toBeGreaterThan(0);
    expect(JSON.stringify(jobs)).not.toContain('REDIS_CLUSTER_NODES');
  });

  it.each(AREAS.filter((a) => QUEUES[a].length > 0))("scales the %s worker with redis-cluster triggers on the hash-tagged wait lists of exactly its queues", (area) => {
    const [scaled] = ofKind<IScaledObject>(docs, 'ScaledObject').filter((s) => s.spec.scaleTargetRef.name === `${area}-worker`);
    const [before] = ofKind<IScaledObject>(prod, 'ScaledObject').filter((s) => s.spec.scaleTargetRef.name === `${area}-worker`);
    expect(scaled.spec.triggers.map((t) => t.type)).toEqual(QUEUES[area].map(() => 'redis-cluster'));
    expect(scaled.spec.triggers.map((t) => t.metadata.listName).sort()).toEqual(QUEUES[area].map((q) => `{${QUEUE_PREFIX}}:${q}:wait`).sort());
    // Each trigger keeps its queue's name and listLength.
    expect(scaled.spec.triggers.map((t) => [t.name, t.metadata.listName, t.metadata.listLength])).toEqual(
      before.spec.triggers.map((t) => [t.name, `{${QUEUE_PREFIX}}:${t.name}:wait`, t.metadata.listLength]),
    );
  });

  it("lets KEDA read the cluster's addresses and password from the Secret", () => {
    const [auth] = ofKind<ITriggerAuthentication>(docs, 'TriggerAuthentication').filter((a) => a.metadata!.name === 'kyb-redis');
    expect(auth.spec.secretTargetRef).toEqual([
      { parameter: 'addresses', name: 'kyb-secrets', key: 'redis-address' },
      { parameter: 'password', name: 'kyb-secrets', key: 'redis-password' },
    ]);
  });
});
