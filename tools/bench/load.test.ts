import { quantile, turnOrder } from './load';

describe('turnOrder', () => {
  it('alternates a, b then b, a, so that each side sits as often before as after the other', () => {
    expect(turnOrder(1)).toEqual(['a', 'b']);
    expect(turnOrder(2)).toEqual(['a', 'b', 'b', 'a']);
    expect(turnOrder(3)).toEqual(['a', 'b', 'b', 'a', 'a', 'b']);
  });

  it("gives both sides the same mean position in time over an even number of rounds (a linear drift's share is equal)", () => {
    const order = turnOrder(4);
    const mean = (side: 'a' | 'b') => order.reduce((sum, s, i) => sum + (s === side ? i : 0), 0) / order.filter((s) => s === side).length;
    expect(mean('a')).toBe(mean('b'));
  });
});

describe('quantile', () => {
  it('reads the value at a fraction of the sorted values, and 0 for none', () => {
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(quantile([5, 1, 3, 2, 4], 0.99)).toBe(5);
    expect(quantile([], 0.5)).toBe(0);
  });
});
