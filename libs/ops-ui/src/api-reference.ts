import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Router } from 'express';
import { API_REFERENCE_DIRECTIVES, setCsp } from './content-security-policy';
import { escapeHtml } from './html';

/** Options of {@link createApiReferenceRouter}. */
export interface ApiReferenceOptions {
  /** Page title, e.g. `Case API`. */
  title: string;
  /**
   * Where the page loads the OpenAPI document from: a path (`/case/api/v1/openapi.json`) or a
   * URL relative to the page (`../openapi.json`); never another host.
   */
  specUrl: string;
}

/** The files of swagger-ui-dist the page uses; nothing else of the package is served. */
const ASSETS = ['swagger-ui.css', 'index.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'] as const;

/** Name of the initializer script this library writes (swagger-ui-dist's own loads a demo API). */
const INITIALIZER = 'api-reference.js';

/**
 * A Swagger UI page for one area's OpenAPI document, from the locally installed swagger-ui-dist
 * (no CDN): mounted at e.g. `/case/api/v1/docs`, it answers the page at `docs/` (redirecting
 * `docs` there, so relative asset URLs resolve), the initializer at `docs/api-reference.js`
 * and the Swagger UI files beside it. Every answer carries a CSP allowing only this origin
 * (plus `data:` images, which Swagger UI's stylesheet uses for its icons).
 */
export function createApiReferenceRouter(options: ApiReferenceOptions): Router {
  if (/^[a-z][a-z0-9+.-]*:|^[/\\]{2}/i.test(options.specUrl.trim())) {
    throw new Error(`specUrl must be a path on this origin, not ${options.specUrl}`);
  }
  const assetsDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const page = renderApiReferencePage(options.title);
  const initializer = renderInitializer(options.specUrl);

  const router = Router();
  router.use((_req, res, next) => {
    setCsp(res, API_REFERENCE_DIRECTIVES);
    next();
  });
  router.get('/', (req, res) => {
    const url = new URL(req.originalUrl, 'http://localhost');
    if (!url.pathname.endsWith('/')) {
      // Relative, so it holds behind a gateway that rewrites the prefix: `docs` -> `docs/`.
      res.redirect(301, `${url.pathname.split('/').pop()}/${url.search}`);
      return;
    }
    res.type('html').send(page);
  });
  router.get(`/${INITIALIZER}`, (_req, res) => {
    res.type('application/javascript').send(initializer);
  });
  // Read once and answered through res.send, so they get the app's ETag and its 304s, also under
  // Cache-Control: no-cache (res.sendFile's own check answers such a request 200 even when the tag matches).
  const contents = new Map<string, Promise<Buffer>>();
  for (const asset of ASSETS) {
    router.get(`/${asset}`, async (_req, res) => {
      if (!contents.has(asset)) contents.set(asset, readFile(path.join(assetsDir, asset)));
      const body = await (contents.get(asset) as Promise<Buffer>);
      res.type(path.extname(asset)).set('Cache-Control', 'public, max-age=3600').send(body);
    });
  }
  return router;
}

function renderApiReferencePage(title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <link rel="stylesheet" href="swagger-ui.css">
  <link rel="stylesheet" href="index.css">
  <link rel="icon" type="image/png" href="favicon-32x32.png" sizes="32x32">
  <link rel="icon" type="image/png" href="favicon-16x16.png" sizes="16x16">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="swagger-ui-bundle.js"></script>
  <script src="${INITIALIZER}"></script>
</body>
</html>
`;
}

/**
 * The initializer: Swagger UI on this area's document only. No validator badge (it would load
 * an image from another host) and no `?url=` / `?configUrl=` query overrides (they would let a
 * link show any document).
 */
function renderInitializer(specUrl: string): string {
  return `'use strict';
// Written by @kyb/ops-ui: Swagger UI for this area's OpenAPI document.
window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: new URL(${jsString(specUrl)}, document.baseURI).href,
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    validatorUrl: null,
    queryConfigEnabled: false,
  });
});
`;
}

/** A JavaScript string literal that is also safe inside HTML. */
function jsString(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
