import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { IStatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { K8S_ROOT, ofKind, parseDocuments, validateDocuments, type Manifest } from './manifests';

/*
 * The in-cluster Redis (k8s/redis), for clusters without a managed one: configured so that no
 * queued job is lost when Redis restarts (issue 16): an append-only file on a persistent volume,
 * fsynced every second, and no eviction.
 */
function renderRedis(): Manifest[] {
  const run = spawnSync('kubectl', ['kustomize', join(K8S_ROOT, 'redis')], { encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`kubectl kustomize k8s/redis failed:\n${run.stderr ?? run.error?.message}`);
  return parseDocuments(run.stdout, 'k8s/redis');
}

/** `redis.conf` as directive -> values (a directive given twice keeps every value). */
function directives(conf: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of conf.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const [name, ...value] = line.split(/\s+/);
    found.set(name, [...(found.get(name) ?? []), value.join(' ')]);
  }
  return found;
}

describe('the in-cluster Redis', () => {
  const docs = renderRedis();

  it('renders, and every document passes its Kubernetes schema', () => {
    const { status, results } = validateDocuments(docs);
    expect(results.filter((r) => r.errors.length > 0)).toEqual([]);
    expect(results.map((r) => r.kind).sort()).toEqual(['ConfigMap', 'NetworkPolicy', 'Service', 'StatefulSet']);
    expect(status).toBe(0);
  });

  it('keeps every write in an append-only file fsynced each second, and never evicts a key', () => {
    const [config] = ofKind<{ data: Record<string, string> }>(docs, 'ConfigMap');
    const conf = directives(config.data['redis.conf']);
    expect(conf.get('appendonly')).toEqual(['yes']);
    expect(conf.get('appendfsync')).toEqual(['everysec']);
    expect(conf.get('maxmemory-policy')).toEqual(['noeviction']);
    expect(conf.get('dir')).toEqual(['/data']);
  });

  it('writes that file to a persistent volume, and starts Redis with the config and the Secret password', () => {
    const [statefulSet] = ofKind<IStatefulSet>(docs, 'StatefulSet');
    const container = statefulSet.spec!.template.spec!.containers[0];
    expect(statefulSet.spec!.volumeClaimTemplates!.map((claim) => claim.metadata!.name)).toEqual(['data']);
    expect(container.volumeMounts).toEqual(expect.arrayContaining([{ name: 'data', mountPath: '/data' }]));
    expect(container.command!.join(' ')).toContain('redis-server /etc/redis/redis.conf --requirepass');
    expect(container.env).toEqual([{ name: 'REDIS_PASSWORD', valueFrom: { secretKeyRef: { name: 'kyb-secrets', key: 'redis-password' } } }]);
    const [config] = ofKind<Manifest>(docs, 'ConfigMap');
    expect(statefulSet.spec!.template.spec!.volumes).toEqual([{ name: 'config', configMap: { name: config.metadata.name } }]);
  });
});
