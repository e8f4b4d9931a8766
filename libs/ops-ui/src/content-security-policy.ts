import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** CSP directives by name, each with its source list. */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/** Serializes directives into a `Content-Security-Policy` header value. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * Replaces the policy of this response (the app's helmet sets `default-src 'none'` on every
 * answer; a page that loads scripts and styles needs its own).
 */
export function setCsp(res: Response, directives: CspDirectives): void {
  res.setHeader('Content-Security-Policy', serializeCsp(directives));
}

/** What every page of this library shares: nothing from other origins, no framing, no plugins. */
const BASE: CspDirectives = {
  'default-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
};

/**
 * The queue dashboard (bull-board): its scripts, styles, images, locale files and API calls,
 * and the syntax-highlighting web worker, all from this origin. The entry page adds hashes for
 * its own inline styles (see {@link inlineStyleHashes}).
 */
export function dashboardDirectives(inlineStyles: readonly string[] = []): CspDirectives {
  return {
    ...BASE,
    'script-src': ["'self'"],
    'style-src': inlineStyles.length > 0 ? ["'self'", "'unsafe-hashes'", ...inlineStyles] : ["'self'"],
    'img-src': ["'self'"],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  };
}

/**
 * The API reference (Swagger UI): its bundle, stylesheet, icons (the stylesheet draws some as
 * `data:` SVG images), and the OpenAPI document and "Try it out" requests to this origin.
 */
export const API_REFERENCE_DIRECTIVES: CspDirectives = {
  ...BASE,
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
};

/**
 * CSP hash sources (`'sha256-...'`) of the inline `<style>` elements and `style="..."`
 * attributes of a page, so exactly those are allowed rather than every inline style.
 */
export function inlineStyleHashes(html: string): string[] {
  const blocks = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]);
  const attributes = [...html.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) => decodeAttribute(m[1] ?? m[2]));
  return [...new Set([...blocks, ...attributes].map(hashSource))];
}

/** The CSP hash source (`'sha256-...'`) of an inline style's or script's exact text. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function decodeAttribute(value: string): string {
  return value.replace(/&(quot|#39|lt|gt|amp);/g, (_m, name: string) => ({ quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' })[name] ?? '');
}
