import type { WatchlistEntry } from '../watchlist-entry';
import { countryEvidence, dateOfBirthEvidence, entryCountries, evidenceFor, scoreWithEvidence } from './evidence';

describe('dateOfBirthEvidence', () => {
  it('is the same when a published day is the given day', () => {
    expect(dateOfBirthEvidence('1968-03-14', ['1966', '1968-03-14'])).toBe('same');
  });

  it('is close when a published year, month or range holds the given day, or its day and month are swapped', () => {
    expect(dateOfBirthEvidence('1975-06-01', ['1975'])).toBe('close');
    expect(dateOfBirthEvidence('1970-04-30', ['1970-04'])).toBe('close');
    expect(dateOfBirthEvidence('1963-05-05', ['1962 to 1964'])).toBe('close');
    expect(dateOfBirthEvidence('1984-02-11', ['1984-11-02'])).toBe('close');
  });

  it('is different when the entry publishes dates and none holds the given day', () => {
    expect(dateOfBirthEvidence('1990-01-01', ['1984-11-02'])).toBe('different');
    expect(dateOfBirthEvidence('1968-03-15', ['1968-03-14'])).toBe('different');
    expect(dateOfBirthEvidence('1965-01-01', ['1962 to 1964'])).toBe('different');
  });

  it('is unknown when either side has no readable date', () => {
    expect(dateOfBirthEvidence(null, ['1968-03-14'])).toBe('unknown');
    expect(dateOfBirthEvidence('1968-03-14', [])).toBe('unknown');
    expect(dateOfBirthEvidence('14 March 1968', ['1968-03-14'])).toBe('unknown');
  });
});

describe('countryEvidence', () => {
  it('compares an ISO code with a published name, and a name with a name', () => {
    expect(countryEvidence('UZ', ['Uzbekistan', 'Russia'])).toBe('same');
    expect(countryEvidence('Russian Federation', ['Uzbekistan', 'Russia'])).toBe('same');
    expect(countryEvidence('United States', ['US'])).toBe('same');
  });

  it("reads OFAC's inverted forms (\"Korea, North\")", () => {
    expect(countryEvidence('KP', ['Korea, North'])).toBe('same');
    expect(countryEvidence('KR', ['Korea, North'])).toBe('different');
  });

  it('is different when the entry names only other countries, unknown when either side names none', () => {
    expect(countryEvidence('US', ['China'])).toBe('different');
    expect(countryEvidence(null, ['China'])).toBe('unknown');
    expect(countryEvidence('US', [])).toBe('unknown');
  });
});

const entry = (more: Partial<WatchlistEntry>): WatchlistEntry => ({
  uid: '1',
  name: 'ZHANG, Wei',
  type: 'individual',
  programs: [],
  aliases: [],
  addresses: [],
  datesOfBirth: [],
  nationalities: [],
  identifiers: [],
  remarks: null,
  ...more,
});

describe('evidenceFor', () => {
  it("names every country of the entry: nationalities, addresses and documents' issuers", () => {
    const listed = entry({
      nationalities: ['China'],
      addresses: [{ id: 'a', street: null, city: null, stateOrProvince: null, postalCode: null, country: 'Hong Kong' }],
      identifiers: [{ type: 'Passport', value: 'X', country: 'Canada' }],
    });
    expect(entryCountries(listed)).toEqual(['China', 'Hong Kong', 'Canada']);
    expect(evidenceFor({ kind: 'person', dateOfBirth: null, country: 'CA' }, listed).country).toBe('same');
  });

  it('compares nothing for an organisation', () => {
    const listed = entry({ type: 'entity', nationalities: ['China'], datesOfBirth: ['1984'] });
    expect(evidenceFor({ kind: 'organisation', dateOfBirth: '1984-01-01', country: 'CN' }, listed)).toEqual({ dateOfBirth: 'unknown', country: 'unknown' });
  });
});

describe('scoreWithEvidence', () => {
  it('lowers a name score for a different date of birth (-0.10) and country (-0.05)', () => {
    expect(scoreWithEvidence(0.95, { dateOfBirth: 'different', country: 'unknown' })).toBe(0.85);
    expect(scoreWithEvidence(1, { dateOfBirth: 'different', country: 'different' })).toBe(0.85);
  });

  it('raises it modestly for the same date (+0.05) and country (+0.03), never over 1', () => {
    expect(scoreWithEvidence(0.9, { dateOfBirth: 'same', country: 'same' })).toBe(0.98);
    expect(scoreWithEvidence(0.97, { dateOfBirth: 'same', country: 'same' })).toBe(1);
    expect(scoreWithEvidence(0.9, { dateOfBirth: 'close', country: 'unknown' })).toBe(0.92);
  });

  it('leaves it as it is when nothing is known', () => {
    expect(scoreWithEvidence(0.8765, { dateOfBirth: 'unknown', country: 'unknown' })).toBe(0.8765);
  });
});
