import { renderAreaIndexPage } from './area-index-page';
import { referencedUrls } from './test-support/test-app';

const AREAS = [
  { name: 'auth', prefix: '/auth/api/v1', description: 'Sign-in, sessions, customers and users' },
  { name: 'case', prefix: '/case/api/v1/', description: 'Businesses, onboarding and invitations' },
  { name: 'integration', prefix: '/integration/api/v1', description: 'Public records, BJL facts and merchant screening' },
  { name: 'score', prefix: '/score/api/v1', description: 'Business risk scores' },
  { name: 'report', prefix: '/report/api/v1', description: '360 reports' },
];

describe('area index page', () => {
  it('links every area to its API reference and its OpenAPI document', () => {
    const html = renderAreaIndexPage(AREAS);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(referencedUrls(html)).toEqual(
      ['auth', 'case', 'integration', 'score', 'report'].flatMap((area) => [`/${area}/api/v1/docs/`, `/${area}/api/v1/openapi.json`]),
    );
    expect(html.match(/<li>/g)).toHaveLength(5);
    expect(html).toContain('<h2>integration</h2>');
    expect(html).toContain('<p>Public records, BJL facts and merchant screening</p>');
    expect(html).toContain('<title>KYB suite APIs</title>');
  });

  it('has no scripts and no styles, so the default CSP fits it', () => {
    expect(renderAreaIndexPage(AREAS)).not.toMatch(/<script|<style|style=|<link/);
  });

  it('escapes HTML in names, descriptions, prefixes and the title', () => {
    const html = renderAreaIndexPage(
      [{ name: '<img src=x onerror=alert(1)>', prefix: '/a"b/api', description: 'Tom & Jerry\'s <b>' }],
      { title: '<Ops>' },
    );
    expect(html).toContain('<h2>&lt;img src=x onerror=alert(1)&gt;</h2>');
    expect(html).toContain('<p>Tom &amp; Jerry&#39;s &lt;b&gt;</p>');
    expect(html).toContain('href="/a&quot;b/api/docs/"');
    expect(html).toContain('<title>&lt;Ops&gt;</title>');
    expect(html).not.toContain('<img');
  });

  it('refuses a prefix that is not a path on this origin', () => {
    for (const prefix of ['javascript:alert(1)', 'https://evil.example', '//evil.example', 'case/api/v1', '']) {
      expect(() => renderAreaIndexPage([{ name: 'x', prefix, description: '' }])).toThrow(/An area prefix must be a path/);
    }
  });
});
