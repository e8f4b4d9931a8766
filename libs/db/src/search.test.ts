import { containsPattern } from './search';

describe('containsPattern', () => {
  it('escapes the wildcards a user typed, so they match literally', () => {
    expect(containsPattern('acme')).toBe('%acme%');
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
