import { escapeHtml } from './html';

/** One area as the index page lists it. */
export interface AreaLink {
  /** e.g. `case`. */
  name: string;
  /** The area's path prefix, e.g. `/case/api/v1`. */
  prefix: string;
  description: string;
}

/**
 * A small static HTML page (no scripts, no styles, so the app's `default-src 'none'` CSP fits)
 * listing each area with links to its API reference (`<prefix>/docs/`) and its OpenAPI
 * document (`<prefix>/openapi.json`). For the API gateway's root.
 */
export function renderAreaIndexPage(areas: readonly AreaLink[], options: { title?: string } = {}): string {
  const title = escapeHtml(options.title ?? 'KYB suite APIs');
  const items = areas.map((area) => {
    const prefix = areaPrefix(area.prefix);
    return [
      '    <li>',
      `      <h2>${escapeHtml(area.name)}</h2>`,
      `      <p>${escapeHtml(area.description)}</p>`,
      `      <p><a href="${escapeHtml(`${prefix}/docs/`)}">API reference</a> · <a href="${escapeHtml(`${prefix}/openapi.json`)}">OpenAPI document</a></p>`,
      '    </li>',
    ].join('\n');
  });
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
</head>
<body>
  <h1>${title}</h1>
  <ul>
${items.join('\n')}
  </ul>
</body>
</html>
`;
}

/** The prefix without a trailing slash; only a path on this origin (a link must not become `javascript:` or another host). */
function areaPrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  if (!/^\/[^/\\]/.test(trimmed)) throw new Error(`An area prefix must be a path such as /case/api/v1, not ${JSON.stringify(prefix)}`);
  return trimmed;
}
