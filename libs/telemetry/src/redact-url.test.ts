import { outgoingUrl, redactPath, redactQuery, redactUrl } from './redact-url';

describe('URLs as spans carry them', () => {
  it('keep the query names, never a value', () => {
    expect(redactQuery('search=Jane%20Doe&filter[status]=ACTIVE&flag')).toBe('search=REDACTED&filter[status]=REDACTED&flag');
    expect(redactQuery('?page=2')).toBe('page=REDACTED');
    expect(redactQuery('')).toBe('');
  });

  it('keep ids in a path, not an opaque token', () => {
    expect(redactPath('/case/api/v1/cases/6f4e2d1c-8b7a-4c5d-9e0f-a1b2c3d4e5f6')).toBe('/case/api/v1/cases/6f4e2d1c-8b7a-4c5d-9e0f-a1b2c3d4e5f6');
    expect(redactPath('/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX')).toBe('/services/T00000000/B00000000/REDACTED');
  });

  it('drop user info, tokens and query values of a whole URL', () => {
    expect(redactUrl('https://user:secret@hooks.example.net/in/abcdefghijklmnopqrstuvwxyz0123?sig=abc&v=1')).toBe('https://REDACTED:REDACTED@hooks.example.net/in/REDACTED?sig=REDACTED&v=REDACTED');
    expect(redactUrl('http://127.0.0.1:4000/hook')).toBe('http://127.0.0.1:4000/hook');
    expect(redactUrl('/relative/path?q=x')).toBe('/relative/path?q=REDACTED');
  });

  it('name the port an outgoing request goes to, from its Host header', () => {
    const request = (host: string, header: string | undefined, path = '/kyb-events') => ({ protocol: 'http:', host, path, getHeader: (name: string) => (name === 'host' ? header : undefined) });
    expect(outgoingUrl(request('127.0.0.1', '127.0.0.1:43117'))).toBe('http://127.0.0.1:43117/kyb-events');
    expect(outgoingUrl(request('hooks.example.com', undefined, '/in?token=abc'))).toBe('http://hooks.example.com/in?token=REDACTED');
    expect(outgoingUrl({ ...request('hooks.example.com', 'hooks.example.com:8443'), protocol: 'https:' })).toBe('https://hooks.example.com:8443/kyb-events');
  });
});
