import { normaliseName } from './normalise-name';

describe('normaliseName', () => {
  it('drops case and diacritics: "José Müller" reads as "JOSE MULLER" does', () => {
    expect(normaliseName('José Müller', 'individual').tokens).toEqual(['jose', 'muller']);
    expect(normaliseName('JOSE MULLER', 'individual').tokens).toEqual(['jose', 'muller']);
  });

  it("reads OFAC's `LAST, First Middle` as the person writes it", () => {
    expect(normaliseName('MULLER, Jose Antonio', 'individual').tokens).toEqual(['jose', 'antonio', 'muller']);
  });

  it('keeps a name with two commas in the order written (only `LAST, First` is turned around)', () => {
    expect(normaliseName('SMITH, John, Jr.', 'individual').tokens).toEqual(['smith', 'john', 'jr']);
  });

  it('sets the legal form of an organisation aside and remembers it, however it is dotted', () => {
    expect(normaliseName('Acme Trading LLC')).toEqual({ tokens: ['acme', 'trading'], legalForms: ['llc'] });
    expect(normaliseName('ACME TRADING, L.L.C.')).toEqual({ tokens: ['acme', 'trading'], legalForms: ['llc'] });
    expect(normaliseName('MERIDIAN GOLD REFINERY, S.A. DE C.V.')).toEqual({ tokens: ['meridian', 'gold', 'refinery'], legalForms: ['sa de cv'] });
    expect(normaliseName('Alpine Holding GmbH').legalForms).toEqual(['gmbh']);
    expect(normaliseName('DANDONG BRIGHT RIVER IMPORT AND EXPORT CO., LTD.')).toEqual({ tokens: ['dandong', 'bright', 'river', 'import', 'export'], legalForms: ['co ltd'] });
  });

  it('keeps legal-form words in a person\'s name (a person has no legal form)', () => {
    expect(normaliseName('Co Inc', 'individual').tokens).toEqual(['co', 'inc']);
  });

  it('keeps the words of an organisation named by legal-form words alone, so its name is not empty', () => {
    expect(normaliseName('Limited Company')).toEqual({ tokens: ['limited', 'company'], legalForms: [] });
  });

  it('transliterates Cyrillic to the Latin letters OFAC publishes', () => {
    expect(normaliseName('Каримов Рустам Алиевич', 'individual').tokens).toEqual(['karimov', 'rustam', 'alievich']);
  });

  it('transliterates a Russian legal form and sets it aside ("АО" is "AO")', () => {
    expect(normaliseName('АО «Нева Ривер Энерджи Холдинг»')).toEqual({ tokens: ['neva', 'river', 'enerdzhi', 'holding'], legalForms: ['ao'] });
  });

  it('splits the Arabic article off its word, as the Latin forms write "AL-HASHIMI"', () => {
    expect(normaliseName('فارس نبيل الهاشمي', 'individual').tokens).toEqual(['frs', 'nbyl', 'al', 'hshmy']);
  });

  it('transliterates Chinese characters to pinyin, and 有限公司 is a legal form', () => {
    expect(normaliseName('张伟', 'individual').tokens).toEqual(['zhang', 'wei']);
    expect(normaliseName('丹东明河进出口有限公司').legalForms).toEqual(['you xian gong si']);
  });

  it('joins a word around its apostrophe and splits at hyphens', () => {
    expect(normaliseName("O'Brien", 'individual').tokens).toEqual(['obrien']);
    expect(normaliseName('AL-QA\u2019IDA').tokens).toEqual(['al', 'qaida']);
  });

  it("drops stop words, repeats and a person's honorifics", () => {
    expect(normaliseName('The Bank of the Orient').tokens).toEqual(['bank', 'orient']);
    expect(normaliseName('Dr. Ali Ali Hassan', 'individual').tokens).toEqual(['ali', 'hassan']);
  });

  it('gives a name of punctuation alone no tokens', () => {
    expect(normaliseName(' -- ', 'individual').tokens).toEqual([]);
  });
});
