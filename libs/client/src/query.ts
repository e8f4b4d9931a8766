/**
 * A query string as the suite's documents describe it: scalars as they are, objects in
 * deepObject style (`filter[status]=OPEN`, `sort[created_at]=desc`), arrays repeated; undefined
 * and null are left out.
 */
export function queryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) add(key, item);
    } else if (value instanceof Date) {
      params.append(key, value.toISOString());
    } else if (typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) add(`${key}[${name}]`, inner);
    } else {
      params.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(query ?? {})) add(key, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** A path template (`/businesses/{businessID}`) with its parameters filled in, each URL-encoded. */
export function fillPath(template: string, path: Record<string, unknown> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = path?.[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`path parameter ${name} of ${template} is missing`);
    return encodeURIComponent(String(value));
  });
}
