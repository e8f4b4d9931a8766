import { createHash } from 'node:crypto';
import { dashboardDirectives, inlineStyleHashes, serializeCsp } from './content-security-policy';
import { withoutExternalLinks } from './dashboard-server-adapter';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('content security policy', () => {
  it('serializes directives in order', () => {
    expect(serializeCsp({ 'default-src': ["'none'"], 'img-src': ["'self'", 'data:'] })).toBe("default-src 'none'; img-src 'self' data:");
  });

  it('hashes each distinct inline style element and style attribute of a page', () => {
    const html = `<div style="color:red"><p style='margin:0'>x</p><i style="color:red"></i></div><style>a{b:c}</style><a title="style=x">`;
    expect(inlineStyleHashes(html)).toEqual([sha('a{b:c}'), sha('color:red'), sha('margin:0')]);
    expect(inlineStyleHashes('<p style="font-family:&quot;A&quot;">')).toEqual([sha('font-family:"A"')]);
  });

  it('allows inline styles on the dashboard by hash only', () => {
    expect(dashboardDirectives()['style-src']).toEqual(["'self'"]);
    expect(dashboardDirectives(["'sha256-x'"])['style-src']).toEqual(["'self'", "'unsafe-hashes'", "'sha256-x'"]);
  });

  it('drops links to other hosts from a page and keeps local ones', () => {
    const html = [
      '<link href="https://fonts.googleapis.com/css2?family=IBM+Plex+Sans" rel="stylesheet">',
      "<link rel='preconnect' href='//fonts.gstatic.com'>",
      '<link href="static/css/main.css" rel="stylesheet">',
    ].join('\n');
    expect(withoutExternalLinks(html)).toBe('<link href="static/css/main.css" rel="stylesheet">');
  });
});
