/**
 * The browser globals that the functions handed to a page use. The suite compiles without the DOM
 * library (its Node code would take the DOM's `fetch` and `Response` types), so those functions
 * reach them as `globalThis as unknown as PageGlobals`: the cast is gone once compiled, and they
 * run in Chromium, where these globals are.
 */
export interface PageGlobals {
  document: PageDocument;
  getComputedStyle(element: object): { fill: string };
  /** Exposed to the page by `openWatchedPage`. */
  __reportCspViolation(line: string): void;
}

interface PageDocument {
  URL: string;
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): { length: number };
  addEventListener(type: 'securitypolicyviolation', listener: (event: CspViolationEvent) => void): void;
}

/** The fields of a `securitypolicyviolation` event the check reports. */
interface CspViolationEvent {
  violatedDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
}
