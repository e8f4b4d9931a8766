import { STORABLE_DEPTH, TOO_DEEP, toStorableText, unstorableTextIn } from './storable-text';

describe('unstorableTextIn', () => {
  it('answers null for text PostgreSQL stores, paired surrogates (emoji) included', () => {
    expect(unstorableTextIn({ name: 'Café 🚀', list: [1, null, true, { deep: 'ok' }] }, 'body')).toBeNull();
    expect(unstorableTextIn(undefined, 'body')).toBeNull();
  });

  it('names the field of a NUL or a lone surrogate, at any depth and in arrays', () => {
    expect(unstorableTextIn({ name: 'a\u0000b' }, 'body')).toBe('body.name must not contain NUL characters');
    expect(unstorableTextIn([{ name: 'x' }, { name: 'x', owner1_first_name: 'y\u0000' }], 'body')).toBe(
      'body.1.owner1_first_name must not contain NUL characters',
    );
    expect(unstorableTextIn({ search: { email: '\ud800x' } }, 'query')).toBe('query.search.email must not contain unpaired UTF-16 surrogates');
    expect(unstorableTextIn({ a: 'x\udc00' }, 'params')).toBe('params.a must not contain unpaired UTF-16 surrogates');
    expect(unstorableTextIn({ a: '\ud83d' }, 'body')).toBe('body.a must not contain unpaired UTF-16 surrogates');
  });

  it('names the object of a bad key without echoing the key', () => {
    expect(unstorableTextIn({ nested: { ['k\u0000']: 1 } }, 'body')).toBe('body.nested keys must not contain NUL characters');
  });

  it('finds a NUL nested deeper than any recursion limit', () => {
    let value: unknown = 'a\u0000';
    for (let i = 0; i < 5000; i += 1) value = [value];
    expect(unstorableTextIn(value, 'body')).toMatch(/^body(\.0)+ must not contain NUL characters$/);
  });

  it('gives the line and column in a text body such as CSV', () => {
    expect(unstorableTextIn('name,tin\nAcme,123456789\nBad\u0000Co,1', 'body')).toBe('body line 3 column 4 must not contain NUL characters');
    expect(unstorableTextIn('name\r\nA\ud800', 'body')).toBe('body line 2 column 2 must not contain unpaired UTF-16 surrogates');
  });
});

describe('toStorableText', () => {
  it('replaces NULs and lone surrogates with U+FFFD in values and keys, leaving the rest alone', () => {
    const at = new Date(0);
    expect(toStorableText({ a: 'x\u0000y', ['k\ud800']: ['\udc00', 5, null], emoji: '🚀', at })).toEqual({
      a: 'x\ufffdy',
      ['k\ufffd']: ['\ufffd', 5, null],
      emoji: '🚀',
      at,
    });
    expect(unstorableTextIn(toStorableText({ v: '\u0000\ud800\u0000' }), 'body')).toBeNull();
  });

  it('keeps nesting up to a depth and replaces what is deeper, however deep (no call stack overflow)', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let kept = toStorableText({ name: deep }) as { name: unknown };
    let depth = 0;
    for (let value: unknown = kept.name; Array.isArray(value); value = value[0]) depth++;
    expect(depth).toBe(STORABLE_DEPTH - 1);
    for (let i = 0; i < depth; i++) kept = { name: (kept.name as unknown[])[0] };
    expect(kept.name).toBe(TOO_DEEP);
    expect(toStorableText([['a\u0000']])).toEqual([['a\ufffd']]);
  });
});
