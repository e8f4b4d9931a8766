import { createPhoneReader } from './phone-numbers';

describe('createPhoneReader', () => {
  it('reads US numbers as valid with their E.164 form, and tells invalid ones and non-numbers apart', () => {
    const read = createPhoneReader();
    expect(read('(415) 555-0132')).toEqual({ valid: true, e164: '+14155550132' });
    expect(read('+44 20 7946 0958')).toEqual({ valid: true, e164: '+442079460958' });
    expect(read('123')).toMatchObject({ valid: false });
    expect(read('not a phone')).toEqual({ valid: false, e164: null });
    expect(read('415555013')).toMatchObject({ valid: false });
  });

  it('parses each distinct text once per reader: the check and the store of a row share the reading', () => {
    const read = createPhoneReader();
    const first = read('4155550132');
    expect(read('4155550132')).toBe(first);
    expect(read('415-555-0132')).not.toBe(first);
    expect(createPhoneReader()('4155550132')).not.toBe(first);
  });
});
