import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { allQueues } from '@kyb/queues';
import { createProcessGroup, createTestDatabase, createTestRedis, freePort, type TestDatabase } from '@kyb/testing';
import { chromiumPath, closeChromium, launchChromium, openWatchedPage, type WatchedPage } from './headless-chromium';
import type { PageGlobals } from './page-globals';

/*
 * The operators' pages as a person sees them (issue 47): the built suite, and Debian's Chromium
 * driven by puppeteer-core. Each area's API reference (Swagger UI) lists the area's operations,
 * and the queue dashboard (bull-board), signed in with the admin's email and password in the
 * browser's password prompt, lists the suite's queues; no page logs a console error, an uncaught
 * error, a Content-Security-Policy violation or a failed request. Without Chromium every test here
 * fails, naming the install step.
 */
const MAIN = join(__dirname, '../../../../dist/apps/suite/main.js');
const ADMIN = { email: 'browser.admin@example.com', password: 'browser admin passphrase' };
const DASHBOARD = '/auth/api/v1/admin/queues/';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface OpenApiDocument {
  info: { title: string };
  paths: Record<string, Record<string, { summary?: string }>>;
}

/** `METHOD path` of every operation of a document, sorted, with the summaries shown beside them. */
function operationsOf(openapi: OpenApiDocument): { operations: string[]; summaries: string[] } {
  const entries = Object.entries(openapi.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, summary: operation.summary ?? '' })),
  );
  return { operations: entries.map((e) => e.key).sort(), summaries: entries.map((e) => e.summary).filter(Boolean) };
}

/** A page's CSP must stay strict: no inline or evaluated code by keyword, nothing from another host. */
function expectStrictCsp(header: string | undefined): void {
  expect(header).toMatch(/default-src 'none'/);
  expect(header).not.toMatch(/'unsafe-inline'|'unsafe-eval'|https?:|\*/);
}

describe('the operators’ pages in a real browser (Chromium, headless)', () => {
  const processes = createProcessGroup();
  const redis = createTestRedis();
  let database: TestDatabase | undefined;
  let browser: Browser | undefined;
  let base: string;
  let documents: string[];
  const pages: WatchedPage[] = [];

  beforeAll(async () => {
    // First, so a machine without Chromium fails at once with the install step, before the suite starts.
    const executablePath = chromiumPath();
    database = await createTestDatabase();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const suite = processes.start(MAIN, {
      PORT: String(port),
      METRICS_PORT: String(await freePort()),
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.prefix,
      SUITE_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyb-browser-')),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    });
    const [output] = await Promise.all([suite.waitFor(/Press Ctrl-C to stop/), launchChromium(executablePath).then((b) => (browser = b))]);
    documents = [...output.matchAll(/OpenAPI: (\S+?)\)/g)].map((m) => m[1]);
  }, 90_000);

  afterAll(async () => {
    await Promise.allSettled(pages.map(({ page }) => page.close()));
    await closeChromium(browser);
    await processes.stopAll();
    await redis.clean();
    await database?.destroy();
  });

  const open = async (): Promise<WatchedPage> => {
    const watched = await openWatchedPage(browser as Browser);
    // A wait that fails says so well inside the test's own timeout.
    watched.page.setDefaultTimeout(10_000);
    pages.push(watched);
    return watched;
  };

  it('serves an API reference for each of the five areas', () => {
    expect(documents.map((url) => new URL(url).pathname)).toEqual(['auth', 'case', 'integration', 'score', 'report'].map((area) => `/${area}/api/v1/openapi.json`));
  });

  /** What a person sees of one area's API reference: the page opened, its operations listed, one of them opened. */
  const readReference = async (documentUrl: string) => {
    const { page, problems } = await open();
    const url = documentUrl.replace(/openapi\.json$/, 'docs/');
    const response = await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('.information-container .title');
    // Swagger UI draws the operations once it has read the document.
    await page.waitForSelector('.opblock .opblock-summary-path');
    const title = await page.$eval('.information-container .title', (e) => e.textContent ?? '');
    const shown = await page.$$eval('.opblock', (blocks) =>
      blocks.map((b) => `${b.querySelector('.opblock-summary-method')?.textContent ?? ''} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? ''}`),
    );
    const descriptions = await page.$$eval('.opblock-summary-description', (items) => items.map((d) => d.textContent ?? ''));
    // A person opens an operation: its parameters and responses render.
    await page.click('.opblock .opblock-summary-control');
    await page.waitForSelector('.opblock.is-open .responses-wrapper');
    await page.waitForNetworkIdle({ idleTime: 200 });
    await page.close();
    return { url, status: response?.status(), csp: response?.headers()['content-security-policy'], title, shown, descriptions, problems: [...problems] };
  };

  it("shows each area's API reference with every operation of its document, and an operation opened, without a console error or CSP violation", async () => {
    // One after another: a tab in the background draws no frames, so a click there would wait.
    const references = [];
    for (const url of documents) references.push(await readReference(url));
    const expected = await Promise.all(documents.map(async (url) => (await (await fetch(url)).json()) as OpenApiDocument));
    references.forEach((reference, i) => {
      const { url } = reference;
      const { operations, summaries } = operationsOf(expected[i]);
      expect([url, reference.status]).toEqual([url, 200]);
      expectStrictCsp(reference.csp);
      expect([url, reference.title]).toEqual([url, expect.stringContaining(expected[i].info.title)]);
      // An operation under two tags is listed under each: compared as a set.
      expect([url, [...new Set(reference.shown)].sort()]).toEqual([url, operations]);
      expect([url, summaries.filter((summary) => !reference.descriptions.includes(summary))]).toEqual([url, []]);
      expect([url, reference.problems]).toEqual([url, []]);
    });
  }, 60_000);

  it('asks for the password with a Basic challenge, so the browser prompts a person to sign in', async () => {
    // Headless Chromium answers a challenge it has no credentials for by cancelling the
    // navigation, so the challenge is read here, as the browser receives it.
    const response = await fetch(`${base}${DASHBOARD}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="KYB queues"');
  });

  it("signed in as the platform admin, lists the suite's queues, colours its logo, and opens a queue, without a console error or CSP violation", async () => {
    const { page, problems } = await open();
    // What a person types into the browser's password prompt.
    await page.authenticate({ username: ADMIN.email, password: ADMIN.password });
    const response = await page.goto(`${base}${DASHBOARD}`, { waitUntil: 'networkidle0' });
    expect(response?.status()).toBe(200);
    expectStrictCsp(response?.headers()['content-security-policy']);

    const names = allQueues.map((q) => q.name).sort();
    // One card a queue in the overview, titled by its name (its status counts link to the same queue).
    await page.waitForFunction((count: number) => (globalThis as unknown as PageGlobals).document.querySelectorAll('main a[title][href*="/queue/"]').length >= count, {}, names.length);
    const sidebar = await page.$$eval('aside nav a[href*="/queue/"]', (links) => links.map((a) => a.getAttribute('title') ?? ''));
    const cards = await page.$$eval('main a[title][href*="/queue/"]', (links) => links.map((a) => a.textContent ?? ''));
    expect([...sidebar].sort()).toEqual(names);
    expect([...cards].sort()).toEqual(names);
    // The Redis logo's own <style> (an inline SVG's, inserted by React) applied: allowed by its hash.
    expect(await page.$eval('svg path.rds-b1', (path) => (globalThis as unknown as PageGlobals).getComputedStyle(path).fill)).toBe('rgb(174, 125, 131)');

    await page.click('aside nav a[title="business-score"]');
    await page.waitForFunction(() => ((globalThis as unknown as PageGlobals).document.querySelector('header')?.textContent ?? '').includes('business-score'));
    // Its status tabs, and its job list read from the dashboard's API (empty, or the jobs' cards).
    await page.waitForFunction(() => {
      const text = (globalThis as unknown as PageGlobals).document.querySelector('main')?.textContent ?? '';
      return ['COMPLETED', 'FAILED', 'DELAYED'].every((tab) => text.includes(tab)) && /No latest jobs in this queue\.|Added at/.test(text);
    });
    await page.waitForNetworkIdle({ idleTime: 300 });
    expect(problems).toEqual([]);
    await page.close();
  });
});
