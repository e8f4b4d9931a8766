import { dateOfBirthFromPeriod, dateOfBirthFromRemark } from './ofac-dates';
import { factsOfRemarks } from './ofac-remarks';

describe('factsOfRemarks', () => {
  it('reads weak a.k.a./f.k.a./n.k.a. names with apostrophes inside, dates, nationality and citizenship, documents with and without a country', () => {
    const facts = factsOfRemarks(
      "DOB 03 Feb 1961; alt. DOB circa 1959; nationality Yemen; citizen Oman; Passport 00123 (Yemen) issued 01 Jan 2010 expires 01 Jan 2020; SWIFT/BIC ABCDYESA; Phone Number 96712345; a.k.a. 'AL-JAMA'AH'; n.k.a. 'NEW NAME'; Linked To: SOMEONE.",
    );
    expect(facts).toEqual({
      weakAliases: [
        { id: 'remarks-1', kind: 'aka', strength: 'weak', name: "AL-JAMA'AH" },
        { id: 'remarks-2', kind: 'nka', strength: 'weak', name: 'NEW NAME' },
      ],
      datesOfBirth: ['1961-02-03', '1959'],
      nationalities: ['Yemen', 'Oman'],
      identifiers: [
        { type: 'Passport', value: '00123', country: 'Yemen' },
        { type: 'SWIFT/BIC', value: 'ABCDYESA', country: null },
      ],
    });
  });

  it('reads nothing from remarks that are null', () => {
    expect(factsOfRemarks(null)).toEqual({ weakAliases: [], datesOfBirth: [], nationalities: [], identifiers: [] });
  });
});

describe('dates of birth', () => {
  it('are read from the CSV text, and a text that is not a date is left out', () => {
    expect(['5 Jan 1960', 'Jan 1960', '1960', '1958 to 1960', '01 Jan 1958 to 31 Dec 1958', 'unknown'].map(dateOfBirthFromRemark)).toEqual([
      '1960-01-05',
      '1960-01',
      '1960',
      '1958 to 1960',
      '1958-01-01 to 1958-12-31',
      null,
    ]);
  });

  it('are read from XML date periods: a day, a whole month, whole years, a year alone, any other range', () => {
    const p = (s: [string, string?, string?], e: [string, string?, string?]) => ({
      start: { year: s[0], month: s[1], day: s[2] },
      end: { year: e[0], month: e[1], day: e[2] },
    });
    expect(dateOfBirthFromPeriod(p(['1960', '1', '5'], ['1960', '1', '5']))).toBe('1960-01-05');
    expect(dateOfBirthFromPeriod(p(['1960', '2', '1'], ['1960', '2', '29']))).toBe('1960-02');
    expect(dateOfBirthFromPeriod(p(['1958', '1', '1'], ['1960', '12', '31']))).toBe('1958 to 1960');
    expect(dateOfBirthFromPeriod(p(['1958'], ['1958']))).toBe('1958');
    expect(dateOfBirthFromPeriod(p(['1958', '3', '10'], ['1958', '4', '2']))).toBe('1958-03-10 to 1958-04-02');
  });
});
