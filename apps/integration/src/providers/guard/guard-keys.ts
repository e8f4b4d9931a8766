/**
 * The start of the guard's Redis keys: the area's prefix as a hash tag, so that in a Redis Cluster
 * all of them sit in one slot, as every key of the prefix does. A prefix that already carries a hash
 * tag is kept as it is.
 */
export function guardKeyPrefix(prefix: string): string {
  return /\{[^}]+\}/.test(prefix) ? prefix : `{${prefix}}`;
}
