import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { WORKSPACE_ROOT } from './entry-points';
import { kustomizeSources, type EnvSource, type ManifestDocument } from './settings-check';

/** docker/compose.yaml, parsed with YAML merge keys (`<<: *anchor`) as Compose reads them. */
export function loadCompose(): Record<string, unknown> {
  return parse(readFileSync(join(WORKSPACE_ROOT, 'docker', 'compose.yaml'), 'utf8'), { merge: true }) as Record<string, unknown>;
}

function yamlFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? yamlFilesUnder(join(dir, entry.name)) : /\.ya?ml$/.test(entry.name) ? [join(dir, entry.name)] : []))
    .sort();
}

/** What k8s/ holds: its YAML documents, kustomize-generated sources, and files that do not parse. */
export interface K8sManifests {
  files: string[];
  documents: ManifestDocument[];
  generated: EnvSource[];
  parseErrors: string[];
}

/** Every `k8s/**\/*.yaml` (and .yml) document, relative paths from the repository root. */
export function loadK8sManifests(root = join(WORKSPACE_ROOT, 'k8s')): K8sManifests {
  const files = yamlFilesUnder(root);
  const documents: ManifestDocument[] = [];
  const generated: EnvSource[] = [];
  const parseErrors: string[] = [];
  for (const path of files) {
    const file = relative(WORKSPACE_ROOT, path);
    for (const doc of parseAllDocuments(readFileSync(path, 'utf8'), { merge: true })) {
      if (doc.errors.length > 0) {
        parseErrors.push(`${file}: ${doc.errors[0].message.split('\n')[0]}`);
        continue;
      }
      const value: unknown = doc.toJS();
      if (value === null || value === undefined) continue;
      documents.push({ file, doc: value });
      if (/(^|\/)kustomization\.ya?ml$/.test(file)) {
        const readEnvFile = (name: string) => {
          const envPath = join(dirname(path), name);
          return existsSync(envPath) ? readFileSync(envPath, 'utf8') : undefined;
        };
        generated.push(...kustomizeSources(file, value, readEnvFile));
      }
    }
  }
  return { files: files.map((path) => relative(WORKSPACE_ROOT, path)), documents, generated, parseErrors };
}
