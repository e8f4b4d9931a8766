import { expectSameShape } from './same-shape';

const fails = (run: () => void) => expect(run).toThrow();

describe('expectSameShape', () => {
  const sample = { id: 'a', count: 1, industry: { id: 'x', name: 'n' }, tags: [{ name: 't' }], note: null };

  it('passes a body with every key and type of the sample, whatever it adds, and anything where the sample is null', () => {
    expectSameShape({ id: 'b', count: 2, industry: { id: 'y', name: 'm', extra: 1 }, tags: [{ name: 'u' }, { name: 'v' }], note: { any: 1 }, more: true }, sample);
  });

  it('fails a missing key, another type, a null or an empty array where the sample has a value, and a bad later element', () => {
    fails(() => expectSameShape({ count: 1, industry: { id: 'x', name: 'n' }, tags: [{ name: 't' }], note: null }, sample));
    fails(() => expectSameShape({ ...sample, count: '1' }, sample));
    fails(() => expectSameShape({ ...sample, industry: null }, sample));
    fails(() => expectSameShape({ ...sample, id: null }, sample));
    fails(() => expectSameShape({ ...sample, tags: [] }, sample));
    fails(() => expectSameShape({ ...sample, tags: [{ name: 't' }, { name: 3 }] }, sample));
    fails(() => expectSameShape(null, sample));
  });

  it('lets through only the nulls and empty arrays it is told of, by path', () => {
    expectSameShape({ ...sample, industry: null, tags: [] }, sample, { mayBeNull: ['$.industry'], mayBeEmpty: ['$.tags'] });
    expectSameShape({ ...sample, tags: [{ name: null }] }, sample, { mayBeNull: ['$.tags[].name'] });
    fails(() => expectSameShape({ ...sample, id: null }, sample, { mayBeNull: ['$.industry'] }));
  });
});
