import { createHash } from 'node:crypto';

/** Object keys sorted at every depth, so equal credentials give equal text whatever their order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
}

/**
 * What the API shows of stored credentials: 16 hex digits of the SHA-256 of their canonical JSON.
 * Enough to tell which credentials are in force (the caller hashes its own copy to compare), too
 * little to recover them: vendors' keys and tokens are long random strings.
 */
export function credentialsFingerprint(credentials: Record<string, unknown>): string {
  return createHash('sha256').update(`kyb-provider-credentials:${JSON.stringify(canonical(credentials))}`).digest('hex').slice(0, 16);
}
