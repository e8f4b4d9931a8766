/**
 * Checks that every environment variable a deployment sets is one the process it runs reads (the
 * entry point's `--print-settings`), so a setting renamed on one side only fails CI instead of
 * being silently ignored in production. Pure: the callers load the files and the settings.
 */
import { entryPointOfArgs } from './entry-points';

/** The variables each entry point reads, by entry point name (`case`, `suite`, ...). */
export type SettingsByEntryPoint = ReadonlyMap<string, ReadonlySet<string>>;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A command as compose or Kubernetes writes it: a list, or (compose) one string split on spaces. */
export function argsOf(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  if (Array.isArray(value)) return value.map(String);
  return [];
}

/** A compose service's `environment`, written as a mapping or as a `KEY=value` list. */
export function composeEnvironment(service: Json): Record<string, string> {
  const env = service.environment;
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map(String).map((entry) => [entry.split('=')[0], entry.slice(entry.indexOf('=') + 1)]));
  }
  if (isObject(env)) return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]));
  return {};
}

/** Whether a compose service runs the suite's image (docker/Dockerfile). */
export function runsSuiteImage(service: Json): boolean {
  const build = service.build;
  const dockerfile = isObject(build) ? build.dockerfile : undefined;
  return typeof dockerfile === 'string' && /(^|\/)docker\/Dockerfile$/.test(dockerfile);
}

/** The entry point a compose service of our image runs: its command, or the image's default (the suite). */
export function composeEntryPoint(service: Json): string | undefined {
  const args = [...argsOf(service.entrypoint), ...argsOf(service.command)];
  return args.length === 0 ? 'suite' : entryPointOfArgs(args);
}

/** Names a process does not read, one problem line each. */
function unknownNames(names: Iterable<string>, reads: ReadonlySet<string>, where: string, entry: string): string[] {
  return [...names].filter((name) => !reads.has(name)).map((name) => `${where} sets ${name}, which dist/apps/${entry}/main.js does not read`);
}

/** Problems of a parsed compose file: variables set on services of our image that their process does not read. */
export function composeSettingProblems(compose: Json, settings: SettingsByEntryPoint): string[] {
  const services = isObject(compose.services) ? compose.services : {};
  const problems: string[] = [];
  for (const [name, service] of Object.entries(services)) {
    if (!isObject(service) || !runsSuiteImage(service)) continue;
    const entry = composeEntryPoint(service);
    const reads = entry === undefined ? undefined : settings.get(entry);
    if (entry === undefined || reads === undefined) {
      problems.push(`compose service ${name} runs no known entry point (command ${JSON.stringify(service.command)})`);
      continue;
    }
    problems.push(...unknownNames(Object.keys(composeEnvironment(service)), reads, `compose service ${name}`, entry));
  }
  return problems;
}

/** One parsed YAML document of a manifest file. */
export interface ManifestDocument {
  file: string;
  doc: unknown;
}

interface Container {
  where: string;
  /** The entry point it runs, or undefined when its command does not say (then: any of ours). */
  entry: string | undefined;
  spec: Json;
}

/** Every object (documents, `List` items) of the manifests that has a `kind`. */
function objectsOf(documents: readonly ManifestDocument[]): Array<{ file: string; object: Json }> {
  const out: Array<{ file: string; object: Json }> = [];
  const visit = (file: string, value: unknown) => {
    if (!isObject(value)) return;
    if (value.kind === 'List' && Array.isArray(value.items)) value.items.forEach((item) => visit(file, item));
    else if (typeof value.kind === 'string') out.push({ file, object: value });
  };
  documents.forEach(({ file, doc }) => visit(file, doc));
  return out;
}

/** Every pod spec inside an object, wherever the kind keeps it (Deployment, Job, CronJob, Rollout, ScaledJob, ...). */
function podSpecsOf(value: unknown, found: Json[] = []): Json[] {
  if (Array.isArray(value)) value.forEach((item) => podSpecsOf(item, found));
  else if (isObject(value)) {
    if (Array.isArray(value.containers) && value.containers.every((c) => isObject(c) && typeof c.name === 'string')) found.push(value);
    else Object.values(value).forEach((child) => podSpecsOf(child, found));
  }
  return found;
}

function containersOf(file: string, object: Json): Container[] {
  const metadata = isObject(object.metadata) ? object.metadata : {};
  const owner = `${file}: ${String(object.kind)} ${String(metadata.name ?? '?')}`;
  return podSpecsOf(object.spec).flatMap((pod) =>
    [...(Array.isArray(pod.initContainers) ? pod.initContainers : []), ...(pod.containers as unknown[])].filter(isObject).map((spec) => {
      const args = [...argsOf(spec.command), ...argsOf(spec.args)];
      const image = typeof spec.image === 'string' ? spec.image : '';
      // A container of our image with no command runs the image's default: the suite.
      const entry = entryPointOfArgs(args) ?? (args.length === 0 && /kyb/i.test(image) ? 'suite' : undefined);
      return { where: `${owner} container ${String(spec.name)}`, entry, spec };
    }),
  );
}

/** Whether a container runs one of our entry points (by its command, or by our image's name). */
function isOurs(container: Container): boolean {
  const image = typeof container.spec.image === 'string' ? container.spec.image : '';
  return container.entry !== undefined || /kyb/i.test(image);
}

/** Keys a ConfigMap or Secret provides, by name (kustomize generators included). */
export interface EnvSource {
  kind: 'ConfigMap' | 'Secret';
  name: string;
  file: string;
  keys: string[];
}

/** ConfigMaps and Secrets with their keys (`data`, `binaryData`, `stringData`). */
export function envSourcesOf(documents: readonly ManifestDocument[]): EnvSource[] {
  return objectsOf(documents)
    .filter(({ object }) => object.kind === 'ConfigMap' || object.kind === 'Secret')
    .map(({ file, object }) => {
      const metadata = isObject(object.metadata) ? object.metadata : {};
      const keys = ['data', 'binaryData', 'stringData'].flatMap((field) => (isObject(object[field]) ? Object.keys(object[field] as Json) : []));
      return { kind: object.kind as 'ConfigMap' | 'Secret', name: String(metadata.name), file, keys };
    });
}

/**
 * Problems of Kubernetes manifests. A container's own `env[].name` must be read by the process it
 * runs (any of our entry points when its command does not name one). A key of a ConfigMap or
 * Secret injected with `envFrom` must be read by at least one of the processes it is injected
 * into, so one shared ConfigMap may serve several areas. A key read with `valueFrom` must exist in
 * its ConfigMap or Secret when k8s/ defines that one. Containers of other images are ignored.
 * `extraSources` adds sources that are not manifests (kustomize generators).
 */
export function k8sSettingProblems(
  documents: readonly ManifestDocument[],
  settings: SettingsByEntryPoint,
  extraSources: readonly EnvSource[] = [],
): string[] {
  const anyOfOurs = new Set([...settings.values()].flatMap((names) => [...names]));
  const readsOf = (container: Container) => (container.entry === undefined ? anyOfOurs : settings.get(container.entry));
  const problems: string[] = [];
  const injected = new Map<string, Array<{ container: Container; prefix: string }>>();

  for (const { file, object } of objectsOf(documents)) {
    for (const container of containersOf(file, object).filter(isOurs)) {
      const reads = readsOf(container);
      if (reads === undefined) {
        problems.push(`${container.where} runs dist/apps/${container.entry}/main.js, which is not one of the built entry points`);
        continue;
      }
      const env = Array.isArray(container.spec.env) ? container.spec.env.filter(isObject) : [];
      const label = container.entry ?? 'any of the entry points';
      problems.push(
        ...env
          .map((entry) => String(entry.name))
          .filter((name) => !reads.has(name))
          .map((name) => `${container.where} sets ${name}, which ${container.entry ? `dist/apps/${label}/main.js` : label} does not read`),
      );
      for (const from of Array.isArray(container.spec.envFrom) ? container.spec.envFrom.filter(isObject) : []) {
        const ref = isObject(from.configMapRef) ? ['ConfigMap', from.configMapRef] : isObject(from.secretRef) ? ['Secret', from.secretRef] : undefined;
        if (!ref) continue;
        const key = `${ref[0]}/${String((ref[1] as Json).name)}`;
        injected.set(key, [...(injected.get(key) ?? []), { container, prefix: typeof from.prefix === 'string' ? from.prefix : '' }]);
      }
    }
  }

  // A key read with valueFrom must exist in the ConfigMap or Secret (when k8s/ defines it: by a
  // manifest, a template or a kustomize generator in any overlay), or the pod never starts.
  const sources = [...envSourcesOf(documents), ...extraSources];
  const keysOf = new Map<string, Set<string>>();
  for (const source of sources) keysOf.set(`${source.kind}/${source.name}`, new Set([...(keysOf.get(`${source.kind}/${source.name}`) ?? []), ...source.keys]));
  for (const { file, object } of objectsOf(documents)) {
    for (const container of containersOf(file, object).filter(isOurs)) {
      for (const entry of Array.isArray(container.spec.env) ? container.spec.env.filter(isObject) : []) {
        const from = isObject(entry.valueFrom) ? entry.valueFrom : {};
        const ref = isObject(from.configMapKeyRef) ? ['ConfigMap', from.configMapKeyRef] : isObject(from.secretKeyRef) ? ['Secret', from.secretKeyRef] : undefined;
        if (!ref || (ref[1] as Json).optional === true) continue;
        const { name, key } = ref[1] as Json;
        const keys = keysOf.get(`${ref[0]}/${String(name)}`);
        if (keys && !keys.has(String(key))) {
          problems.push(`${container.where} reads ${String(entry.name)} from key ${String(key)} of ${String(ref[0])} ${String(name)}, which no manifest or generator provides`);
        }
      }
    }
  }

  for (const source of sources) {
    const consumers = injected.get(`${source.kind}/${source.name}`) ?? [];
    if (consumers.length === 0) continue;
    for (const key of source.keys) {
      const readBySome = consumers.some(({ container, prefix }) => readsOf(container)?.has(`${prefix}${key}`));
      if (!readBySome) {
        const into = consumers.map(({ container }) => container.where.replace(/^[^:]*: /, '')).join('; ');
        problems.push(`${source.file}: ${source.kind} ${source.name} key ${key} is injected (envFrom) into ${into}, but none of them reads it`);
      }
    }
  }
  return problems;
}

/** Sources a kustomization.yaml generates (`configMapGenerator`, `secretGenerator`: literals and env files). */
export function kustomizeSources(file: string, kustomization: unknown, readEnvFile: (relative: string) => string | undefined): EnvSource[] {
  if (!isObject(kustomization)) return [];
  const generators: Array<['ConfigMap' | 'Secret', unknown]> = [
    ['ConfigMap', kustomization.configMapGenerator],
    ['Secret', kustomization.secretGenerator],
  ];
  return generators.flatMap(([kind, list]) =>
    (Array.isArray(list) ? list.filter(isObject) : []).map((generator) => {
      const literals = Array.isArray(generator.literals) ? generator.literals.map(String) : [];
      const envFiles = [...(Array.isArray(generator.envs) ? generator.envs : []), ...(typeof generator.env === 'string' ? [generator.env] : [])];
      const fromFiles = envFiles.flatMap((envFile) =>
        (readEnvFile(String(envFile)) ?? '')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line && !line.startsWith('#') && line.includes('=')),
      );
      const keys = [...literals, ...fromFiles].map((entry) => entry.slice(0, entry.indexOf('=')).trim());
      return { kind, name: String(generator.name), file, keys };
    }),
  );
}
