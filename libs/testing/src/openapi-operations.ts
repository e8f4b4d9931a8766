/**
 * Compares an area's served OpenAPI document with a list of operations written independently of
 * it (taken from a published document, or written by hand from the contract), so that a missing
 * route, method, parameter or success response fails a test.
 */

/** A parameter an operation must declare. */
export interface ExpectedParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** The JSON Schema type the parameter must have (`null` aside); not compared when absent. */
  type?: string;
  /**
   * A free-form query object (`in: query`, an object schema, style `form`, exploded): its name
   * never reaches the wire, each of its keys is a query parameter of its own. It is matched by an
   * operation that declares query parameters, whatever their names.
   */
  freeForm?: boolean;
}

/** An operation a document must describe. Paths are relative to the area prefix. */
export interface ExpectedOperation {
  method: string;
  path: string;
  parameters: ExpectedParameter[];
  /** Success statuses the operation must answer with, e.g. `['200']`; `'2XX'` is any 2xx status. */
  success: string[];
  /** Whether the operation requires a bearer token; not compared when absent. */
  authenticated?: boolean;
}

/** The few parts of an OpenAPI 3 document the comparison reads. */
export interface OpenApiDocumentLike {
  security?: Array<Record<string, unknown>>;
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { parameters?: Record<string, unknown> };
}

interface RawParameter {
  $ref?: string;
  name: string;
  in: ExpectedParameter['in'];
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema?: { type?: string | string[] };
}

interface RawOperation {
  parameters?: RawParameter[];
  responses?: Record<string, unknown>;
  security?: Array<Record<string, unknown>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function resolve(document: OpenApiDocumentLike, parameter: RawParameter): RawParameter {
  const prefix = '#/components/parameters/';
  if (!parameter.$ref) return parameter;
  const target = parameter.$ref.startsWith(prefix) ? document.components?.parameters?.[parameter.$ref.slice(prefix.length)] : undefined;
  if (!target) throw new Error(`unresolvable parameter reference ${parameter.$ref}`);
  return resolve(document, target as RawParameter);
}

function typeOf(parameter: RawParameter): string | undefined {
  const type = parameter.schema?.type;
  const types = (Array.isArray(type) ? type : type ? [type] : []).filter((t) => t !== 'null');
  return types.length ? [...types].sort().join('|') : undefined;
}

function isFreeForm(parameter: RawParameter): boolean {
  return parameter.in === 'query' && typeOf(parameter) === 'object' && (parameter.style ?? 'form') === 'form' && parameter.explode !== false;
}

/** The parameters of an operation, its path-level ones included, references resolved. */
function parametersOf(document: OpenApiDocumentLike, path: string, method: string): RawParameter[] {
  const item = document.paths?.[path];
  const operation = item?.[method] as RawOperation | undefined;
  const byKey = new Map<string, RawParameter>();
  for (const raw of [...((item?.parameters as RawParameter[] | undefined) ?? []), ...(operation?.parameters ?? [])]) {
    const parameter = resolve(document, raw);
    byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

function requiresToken(document: OpenApiDocumentLike, operation: RawOperation): boolean {
  const security = operation.security ?? document.security ?? [];
  return security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
}

/**
 * Every operation of a (published) document as an expectation: same path and method, every
 * parameter with its location, required-ness and type, its 2xx statuses, and whether it needs a token.
 */
export function operationsOf(document: OpenApiDocumentLike): ExpectedOperation[] {
  const operations: ExpectedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method] as RawOperation | undefined;
      if (!operation) continue;
      operations.push({
        method,
        path,
        parameters: parametersOf(document, path, method).map((p) =>
          isFreeForm(p)
            ? { name: p.name, in: 'query', required: p.required ?? false, freeForm: true }
            : { name: p.name, in: p.in, required: p.in === 'path' || (p.required ?? false), type: typeOf(p) },
        ),
        success: Object.keys(operation.responses ?? {}).filter((status) => /^2(\d\d|XX)$/i.test(status)),
        authenticated: requiresToken(document, operation),
      });
    }
  }
  return operations;
}

function parameterGaps(label: string, expected: ExpectedParameter, served: RawParameter[]): string[] {
  if (expected.freeForm) {
    return served.some((p) => p.in === 'query') ? [] : [`${label}: declares no query parameter for the free-form query object '${expected.name}'`];
  }
  const found = served.find((p) => p.name === expected.name && p.in === expected.in);
  if (!found) return [`${label}: no ${expected.in} parameter '${expected.name}'`];
  const gaps: string[] = [];
  const required = found.in === 'path' || (found.required ?? false);
  if (required !== expected.required) gaps.push(`${label}: ${expected.in} parameter '${expected.name}' is ${required ? '' : 'not '}required`);
  const type = typeOf(found);
  if (expected.type && type !== expected.type) gaps.push(`${label}: ${expected.in} parameter '${expected.name}' is typed ${type ?? 'nothing'}, not ${expected.type}`);
  return gaps;
}

/**
 * What the served document lacks of the expected operations, one readable line per gap; empty
 * when it describes them all. Operations the document adds are not gaps.
 */
export function operationGaps(served: OpenApiDocumentLike, expected: readonly ExpectedOperation[]): string[] {
  const gaps: string[] = [];
  for (const operation of expected) {
    const label = `${operation.method.toUpperCase()} ${operation.path}`;
    const found = served.paths?.[operation.path]?.[operation.method] as RawOperation | undefined;
    if (!found) {
      gaps.push(`${label}: not described`);
      continue;
    }
    const parameters = parametersOf(served, operation.path, operation.method);
    for (const parameter of operation.parameters) gaps.push(...parameterGaps(label, parameter, parameters));
    const statuses = Object.keys(found.responses ?? {});
    for (const status of operation.success) {
      const answered = /^2XX$/i.test(status) ? statuses.some((s) => /^2/.test(s)) : statuses.includes(status);
      if (!answered) gaps.push(`${label}: no ${status} response`);
    }
    if (operation.authenticated !== undefined && requiresToken(served, found) !== operation.authenticated) {
      gaps.push(`${label}: ${operation.authenticated ? 'does not require' : 'requires'} a bearer token`);
    }
  }
  return gaps;
}
