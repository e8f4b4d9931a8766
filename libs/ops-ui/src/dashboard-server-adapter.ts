import express, { type RequestHandler } from 'express';
import { ExpressAdapter } from '@bull-board/express';
import type { AppViewRoute } from '@bull-board/api/typings/app';
import { bundledInlineStyleHashes } from './bundled-inline-styles';
import { dashboardDirectives, inlineStyleHashes, setCsp } from './content-security-policy';

/**
 * bull-board's Express adapter, adjusted for a page behind authentication and a strict CSP:
 *
 * - no `X-Powered-By` (the adapter is an Express app of its own, with Express's default on);
 * - static files without `Cache-Control: public` (they are answered to an authenticated admin
 *   only; the app's `private, no-cache` stays);
 * - the entry page without links to other hosts (the UI links a web font from a font CDN; the
 *   page falls back to system fonts), and with a CSP that allows by hash exactly its own inline
 *   styles and the `<style>` blocks the UI's scripts insert (see {@link bundledInlineStyleHashes}).
 */
export class DashboardServerAdapter extends ExpressAdapter {
  /** Hashes of the fixed `<style>` blocks in the UI's scripts, read once when bull-board names its static directory. */
  private bundledStyles: readonly string[] = [];

  constructor() {
    super();
    this.app.disable('x-powered-by');
  }

  override setStaticPath(staticsRoute: string, staticsPath: string): ExpressAdapter {
    this.bundledStyles = bundledInlineStyleHashes(staticsPath);
    this.app.use(staticsRoute, express.static(staticsPath, { cacheControl: false, etag: false, index: false, redirect: false }));
    return this;
  }

  override setEntryRoute(routeDef: AppViewRoute): ExpressAdapter {
    const page: RequestHandler = (_req, res, next) => {
      const { name, params } = routeDef.handler({ basePath: this.basePath, uiConfig: this.uiConfig });
      res.render(name, params, (err: Error | null, html: string) => {
        if (err) {
          next(err);
          return;
        }
        const local = withoutExternalLinks(html);
        setCsp(res, dashboardDirectives([...new Set([...inlineStyleHashes(local), ...this.bundledStyles])]));
        res.type('html').send(local);
      });
    };
    this.app[routeDef.method](routeDef.route, page);
    return this;
  }

  /** The adapter as a middleware that can be mounted on a router (see {@link mountApp}). */
  middleware(): RequestHandler {
    return mountApp(this.getRouter() as express.Express);
  }
}

/** Drops `<link>` elements that load from another host (`http://`, `https://` or `//`). */
export function withoutExternalLinks(html: string): string {
  return html.replace(/<link\b[^>]*\bhref\s*=\s*["']?(?:https?:)?\/\/[^>]*>\s*/gi, '');
}

/**
 * Runs an Express app as a router middleware. Express switches the request and response to
 * the prototypes of the app it enters; `app.use(subApp)` switches them back when the sub-app
 * hands on, and so does this (a request the dashboard does not serve reaches the app's own
 * 404 and error envelopes as the app's request).
 */
function mountApp(app: express.Express): RequestHandler {
  return (req, res, next) => {
    const requestPrototype = Object.getPrototypeOf(req) as object;
    const responsePrototype = Object.getPrototypeOf(res) as object;
    app(req, res, (err?: unknown) => {
      Object.setPrototypeOf(req, requestPrototype);
      Object.setPrototypeOf(res, responsePrototype);
      next(err);
    });
  };
}
