import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { copyOf, ofKind, OVERLAYS, renderOverlay, secretTemplate, validateDocuments, type Manifest } from './manifests';

/** A document seen as plain data, to break it. */
type Loose = { spec: Record<string, unknown> };

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  it('renders with kubectl kustomize, and every document passes its Kubernetes or KEDA schema', () => {
    const docs = renderOverlay(overlay);
    const { status, results } = validateDocuments(docs);
    expect(results.filter((r) => r.errors.length > 0)).toEqual([]);
    expect(results).toHaveLength(docs.length);
    expect(status).toBe(0);
  });
});

it('the Secret template passes the Secret schema', () => {
  const { status, results } = validateDocuments([secretTemplate()]);
  expect(results).toEqual([expect.objectContaining({ kind: 'Secret', name: 'kyb-secrets', errors: [] })]);
  expect(status).toBe(0);
});

describe('the schema check fails on a broken document, naming what is wrong', () => {
  const docs = renderOverlay('prod');
  const deployment = () => copyOf(ofKind<IDeployment>(docs, 'Deployment').find((d) => d.metadata?.name === 'case-api')!);
  const scaledObject = () => copyOf(ofKind<IScaledObject>(docs, 'ScaledObject')[0]);

  /** Validates `broken` alone and returns its errors, after checking the check failed. */
  function errorsOf(broken: unknown): string[] {
    const { status, results } = validateDocuments([broken]);
    expect(status).toBe(1);
    expect(results).toHaveLength(1);
    return results[0].errors;
  }

  it('when a field has the wrong type (replicas as a word)', () => {
    const broken = { ...deployment(), spec: { ...deployment().spec!, replicas: 'three' } };
    expect(errorsOf(broken)).toEqual(['data/spec/replicas must be integer']);
  });

  it('when a required field is missing (a Deployment without selector)', () => {
    const broken = deployment() as unknown as Loose;
    delete broken.spec.selector;
    expect(errorsOf(broken)).toEqual(['data/spec must have required property selector']);
  });

  it("when a KEDA field is wrong (a ScaledObject trigger's listName as a number)", () => {
    const broken = scaledObject();
    (broken.spec.triggers[0].metadata as Record<string, unknown>).listName = 42;
    expect(errorsOf(broken)).toEqual(['data/spec/triggers/0/metadata/listName must be string']);
  });

  it('when a KEDA required field is missing (a ScaledObject without scaleTargetRef)', () => {
    const broken = scaledObject() as unknown as Loose;
    delete broken.spec.scaleTargetRef;
    expect(errorsOf(broken)).toEqual(['data/spec must have required property scaleTargetRef']);
  });

  it('when a field is unknown to the schema (a misspelt readinessProbe and resources.requests)', () => {
    const broken = deployment();
    const container = broken.spec!.template.spec!.containers[0] as unknown as Record<string, unknown>;
    container.readinesProbe = container.readinessProbe;
    delete container.readinessProbe;
    (container.resources as Record<string, unknown>).requets = { cpu: '1' };
    expect(errorsOf(broken).sort()).toEqual([
      'unknown field spec.template.spec.containers[0].readinesProbe',
      'unknown field spec.template.spec.containers[0].resources.requets',
    ]);
  });

  it('when a KEDA field is unknown (minReplicas instead of minReplicaCount)', () => {
    const broken = scaledObject() as unknown as Loose;
    broken.spec.minReplicas = broken.spec.minReplicaCount;
    delete broken.spec.minReplicaCount;
    expect(errorsOf(broken)).toEqual(['unknown field spec.minReplicas']);
  });

  it('when the kind is unknown, instead of skipping it', () => {
    const unknownKind: Manifest = { apiVersion: 'example.com/v1', kind: 'Frobnicator', metadata: { name: 'x' } };
    expect(errorsOf(unknownKind)).toEqual(['unknown kind: no schema for example.com/v1 Frobnicator']);
    const misspelt = { ...deployment(), kind: 'Deploymnet' };
    expect(errorsOf(misspelt)).toEqual(['unknown kind: no schema for apps/v1 Deploymnet']);
  });

  it('when one document among valid ones is broken, reporting it by index and name', () => {
    const broken = { ...deployment(), spec: { ...deployment().spec!, replicas: 2.5 } };
    const { status, results } = validateDocuments([...docs, broken]);
    expect(status).toBe(1);
    expect(results.filter((r) => r.errors.length > 0)).toEqual([
      { index: docs.length, apiVersion: 'apps/v1', kind: 'Deployment', name: 'case-api', errors: ['data/spec/replicas must be integer', 'data/spec/replicas must match format "int32"'] },
    ]);
  });
});
