/**
 * Rendering the overlays and validating documents, for the tests of k8s/. Rendering spawns
 * `kubectl kustomize` (as CI and an operator would); validation spawns validate.mjs, because
 * kubernetes-models is ESM-only and Jest runs these tests as CommonJS.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

/** The k8s/ folder. */
export const K8S_ROOT = join(__dirname, '..');

export const OVERLAYS = ['dev', 'prod'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** What every Kubernetes document has; the tests narrow further with the models' own types. */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** One document's verdict from validate.mjs: no errors means valid. */
export interface ValidationResult {
  index: number;
  apiVersion?: string;
  kind?: string;
  name?: string;
  errors: string[];
}

/** Parses a multi-document YAML stream; a syntax error throws. */
export function parseDocuments(text: string, source: string): Manifest[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${source}: ${doc.errors.map((e) => e.message).join('; ')}`);
      return doc.toJS() as Manifest | null;
    })
    .filter((doc): doc is Manifest => doc !== null);
}

const rendered = new Map<Overlay, Manifest[]>();

/** `kubectl kustomize k8s/overlays/<overlay>`, parsed (rendered once per test file). */
export function renderOverlay(overlay: Overlay): Manifest[] {
  const cached = rendered.get(overlay);
  if (cached) return cached;
  const run = spawnSync('kubectl', ['kustomize', join(K8S_ROOT, 'overlays', overlay)], { encoding: 'utf8', timeout: 60_000 });
  if (run.error) throw new Error(`cannot run kubectl (needed to render the overlays): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`kubectl kustomize k8s/overlays/${overlay} failed:\n${run.stderr}`);
  const docs = parseDocuments(run.stdout, `overlay ${overlay}`);
  rendered.set(overlay, docs);
  return docs;
}

/** The Secret template in k8s/secrets/. */
export function secretTemplate(): Manifest {
  const file = join(K8S_ROOT, 'secrets', 'kyb-secrets.template.yaml');
  const [secret] = parseDocuments(readFileSync(file, 'utf8'), file);
  return secret;
}

/** Runs validate.mjs on `docs`; its exit status and one result per document. */
export function validateDocuments(docs: unknown[]): { status: number | null; results: ValidationResult[] } {
  const run = spawnSync(process.execPath, [join(__dirname, 'validate.mjs')], {
    input: JSON.stringify(docs),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.error) throw run.error;
  if (run.status === 2 || !run.stdout) throw new Error(`validate.mjs did not answer:\n${run.stderr}`);
  return { status: run.status, results: (JSON.parse(run.stdout) as { results: ValidationResult[] }).results };
}

/** The documents of one kind, typed as the caller says they are. */
export function ofKind<T>(docs: Manifest[], kind: string): T[] {
  return docs.filter((doc) => doc.kind === kind) as unknown as T[];
}

/** A deep copy of a rendered document, to break in a test. */
export function copyOf<T>(doc: T): T {
  return structuredClone(doc);
}
