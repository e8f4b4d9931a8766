// Validates Kubernetes documents against the API schemas of kubernetes-models (KEDA's of
// @kubernetes-models/keda, the Prometheus Operator's of @kubernetes-models/prometheus-operator). Plain ESM because both packages are ESM-only and the Jest tests run
// as CommonJS: the tests spawn this script with a JSON array of documents on stdin, and read one
// JSON object from stdout: { results: [{ index, apiVersion, kind, name, errors: [...] }] }.
// Exit code 0 when every document is valid, 1 otherwise, 2 when the input is not a JSON array.
//
// Three kinds of error per document:
// - no model for its apiVersion and kind (an unknown or misspelt kind fails, it is never skipped);
// - the schema's own validate(): a wrong type, a missing required field, a value out of its enum;
// - a field the schema does not know (a misspelt readinessProbe, say). The models do not reject
//   those, so the schema's validator is run on a proxy that records which fields it looks at:
//   it looks at every property the schema describes, so a field it never looked at is unknown.
//   Objects the schema describes as maps (labels, resources, trigger metadata) are enumerated
//   by the validator, and objects it describes without any field are free-form: both are skipped.

import { readFileSync } from 'node:fs';

const SEGMENT = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;
const KIND = /^[A-Z][A-Za-z0-9]*$/;

/** The module holding the model of apiVersion/kind, or an explanation why there can be none. */
function modulePath(apiVersion, kind) {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return { error: 'apiVersion and kind must be strings' };
  const parts = apiVersion.split('/');
  if (parts.length > 2 || !parts.every((p) => SEGMENT.test(p)) || !KIND.test(kind)) {
    return { error: `unknown kind: no schema for ${apiVersion} ${kind}` };
  }
  const [group, version] = parts.length === 1 ? [undefined, parts[0]] : parts;
  if (group === undefined) return { path: `kubernetes-models/${version}/${kind}` };
  if (group === 'keda.sh') return { path: `@kubernetes-models/keda/keda.sh/${version}/${kind}` };
  if (group === 'monitoring.coreos.com') return { path: `@kubernetes-models/prometheus-operator/monitoring.coreos.com/${version}/${kind}` };
  return { path: `kubernetes-models/${group}/${version}/${kind}` };
}

async function loadModel(apiVersion, kind) {
  const found = modulePath(apiVersion, kind);
  if (found.error) return found;
  let mod;
  try {
    mod = await import(found.path);
  } catch {
    return { error: `unknown kind: no schema for ${apiVersion} ${kind}` };
  }
  const Model = mod[kind];
  if (typeof Model !== 'function' || Model.apiVersion !== apiVersion || Model.kind !== kind) {
    return { error: `unknown kind: no schema for ${apiVersion} ${kind}` };
  }
  return { Model };
}

/** Wraps value so that every object records the fields read from it and whether it was enumerated. */
function track(value) {
  const seen = new Map();
  const proxies = new Map();
  const wrap = (target) => {
    if (target === null || typeof target !== 'object') return target;
    if (proxies.has(target)) return proxies.get(target);
    const info = { read: new Set(), enumerated: false };
    seen.set(target, info);
    const proxy = new Proxy(target, {
      get(t, key, receiver) {
        if (typeof key === 'string') info.read.add(key);
        return wrap(Reflect.get(t, key, receiver));
      },
      has(t, key) {
        if (typeof key === 'string') info.read.add(key);
        return Reflect.has(t, key);
      },
      ownKeys(t) {
        info.enumerated = true;
        return Reflect.ownKeys(t);
      },
    });
    proxies.set(target, proxy);
    return proxy;
  };
  return { proxy: wrap(value), seen };
}

/** The paths of fields the validator never looked at. */
function unknownFields(value, seen, path) {
  if (Array.isArray(value)) return value.flatMap((item, i) => unknownFields(item, seen, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const info = seen.get(value);
  if (!info) return [];
  const freeForm = info.enumerated || info.read.size === 0;
  return Object.keys(value).flatMap((key) => {
    const child = path ? `${path}.${key}` : key;
    if (!freeForm && !info.read.has(key)) return [child];
    return unknownFields(value[key], seen, child);
  });
}

async function validateDocument(doc, index) {
  const isObject = doc !== null && typeof doc === 'object' && !Array.isArray(doc);
  const apiVersion = isObject ? doc.apiVersion : undefined;
  const kind = isObject ? doc.kind : undefined;
  const name = isObject ? doc.metadata?.name : undefined;
  const result = { index, apiVersion, kind, name, errors: [] };
  if (!isObject) {
    result.errors.push('not an object');
    return result;
  }
  const { Model, error } = await loadModel(apiVersion, kind);
  if (error) {
    result.errors.push(error);
    return result;
  }
  try {
    new Model(doc).validate();
  } catch (err) {
    // One entry per problem (the message joins them with commas).
    const problems = Array.isArray(err.errors) ? err.errors.map((e) => `data${e.instancePath} ${e.message}`) : [err.message];
    result.errors.push(...problems);
    return result;
  }
  const { proxy, seen } = track(doc);
  Model.prototype.validate.call(proxy);
  for (const path of unknownFields(doc, seen, '')) result.errors.push(`unknown field ${path}`);
  return result;
}

let docs;
try {
  docs = JSON.parse(readFileSync(0, 'utf8'));
  if (!Array.isArray(docs)) throw new Error('expected a JSON array of documents');
} catch (err) {
  process.stderr.write(`validate.mjs: ${err.message}\n`);
  process.exit(2);
}
const results = [];
for (const [index, doc] of docs.entries()) results.push(await validateDocument(doc, index));
process.stdout.write(`${JSON.stringify({ results })}\n`);
process.exitCode = results.every((r) => r.errors.length === 0) ? 0 : 1;
