/** The samples of metric `name` in a Prometheus scrape's text, keyed by their label set as printed (`{a="1",b="x"}`, or '' for none). */
export function metricSamples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match && match[1] === name) found.set(match[2] ?? '', Number(match[3]));
  }
  return found;
}
