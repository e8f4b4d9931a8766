import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type HTTPResponse, type Page } from 'puppeteer-core';
import type { PageGlobals } from './page-globals';

/** How CI (and a fresh machine of this kind) gets the browser: `.ci/run` runs this step before `npm test`. */
export const CHROMIUM_INSTALL_STEP = 'bash apps/suite/scripts/ensure-chromium.sh (Debian: apt-get install -y chromium)';

/** Debian's chromium package puts its launcher here. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium binary the pages are checked with: `CHROMIUM_PATH`, else Debian's. Throws, naming
 * the install step, when it is not there: the check fails rather than being skipped.
 */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const path = env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
  if (!existsSync(path)) {
    const where = env.CHROMIUM_PATH ? `CHROMIUM_PATH=${path}` : path;
    throw new Error(`No Chromium at ${where}: the API reference and the queue dashboard are checked in a real browser. Install it with ${CHROMIUM_INSTALL_STEP}, or set CHROMIUM_PATH.`);
  }
  return path;
}

/** Starts a headless Chromium for the tests (close it in `afterAll`). */
export function launchChromium(executablePath: string): Promise<Browser> {
  const args = [
    // Containers often give /dev/shm 64 MB, too little for Chromium's renderers.
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--no-default-browser-check',
  ];
  // Chromium refuses to start its sandbox as root, and CI runs as root in a container: there (and
  // only there) it runs without the sandbox, on pages of the suite the test itself started.
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  return puppeteer.launch({ executablePath, headless: true, args, timeout: 20_000 });
}

/** Closes the browser, and kills its process if closing does not end it. */
export async function closeChromium(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  const child = browser.process();
  try {
    await browser.close();
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** A page whose console errors, uncaught errors, CSP violations and failed or refused requests are kept. */
export interface WatchedPage {
  page: Page;
  /** What went wrong on the page so far, one line each (empty when nothing did). */
  problems: string[];
}

/**
 * Opens a new page that records every problem a person would see in the browser's console:
 * `console.error` lines, uncaught exceptions, `securitypolicyviolation` events (reported from the
 * page through an exposed function, so none is lost across navigations), requests that failed and
 * answers of 400 or more.
 */
export async function openWatchedPage(browser: Browser): Promise<WatchedPage> {
  const page = await browser.newPage();
  const problems: string[] = [];
  await page.exposeFunction('__reportCspViolation', (line: string) => {
    problems.push(line);
  });
  await page.evaluateOnNewDocument(() => {
    const { document, __reportCspViolation: report } = globalThis as unknown as PageGlobals;
    document.addEventListener('securitypolicyviolation', (event) => {
      report(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'an inline source'} (${event.sourceFile || document.URL}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'assert') problems.push(`console ${message.type()}: ${message.text()} (${message.location().url ?? ''})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'unknown'}`));
  page.on('response', (response: HTTPResponse) => {
    if (response.status() >= 400) problems.push(`answered ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return { page, problems };
}
