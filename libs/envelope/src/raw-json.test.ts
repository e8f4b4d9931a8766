import { RawJson, stringifyJson } from './raw-json';

describe('RawJson and stringifyJson', () => {
  const distribution = [{ code: 'PUBLIC_RECORDS', factors: [{ value: 0.1, log: 'Success: $& and $1 stay as they are' }] }];
  const raw = new RawJson(JSON.stringify(distribution));

  it('writes the raw text as it is, wherever it sits, and the rest as JSON.stringify does', () => {
    const body = { status: 'success', data: { id: 'x', score_distribution: raw, list: [raw, 1], none: null } };
    const text = stringifyJson(body) as string;
    expect(text).toBe(JSON.stringify({ status: 'success', data: { id: 'x', score_distribution: distribution, list: [distribution, 1], none: null } }));
    expect(JSON.parse(text)).toEqual({ status: 'success', data: { id: 'x', score_distribution: distribution, list: [distribution, 1], none: null } });
  });

  it('stands for its value wherever else it is serialized', () => {
    expect(JSON.stringify({ d: raw })).toBe(JSON.stringify({ d: distribution }));
    expect(stringifyJson({ d: raw })).toBe(JSON.stringify({ d: distribution }));
  });

  it('leaves text that only looks like a place alone, and answers JSON.stringify for values without raw text', () => {
    const lookalike = { s: '"kyb-raw-json-0"', n: 1 };
    expect(stringifyJson(lookalike)).toBe(JSON.stringify(lookalike));
    expect(stringifyJson(undefined)).toBeUndefined();
    expect(stringifyJson('plain')).toBe('"plain"');
  });

  it('splices a RawJson made by another copy of this module (each area bundles its own)', () => {
    let other: typeof import('./raw-json') | undefined;
    jest.isolateModules(() => {
      other = jest.requireActual<typeof import('./raw-json')>('./raw-json');
    });
    if (!other) throw new Error('no second copy');
    expect(other.RawJson).not.toBe(RawJson);
    const spy = jest.spyOn(JSON, 'parse');
    expect(stringifyJson({ d: new other.RawJson('[1,{"a":2}]') })).toBe('{"d":[1,{"a":2}]}');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
