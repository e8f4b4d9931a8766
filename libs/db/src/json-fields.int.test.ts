import { createDatabase } from './database';
import { jsonFieldsSource, jsonText } from './json-fields';

/* Rows as one JSON array per field, zipped back by position (json-fields.ts, ADR 0029). */
describe('jsonFieldsSource', () => {
  const url = process.env.KYB_TEST_POSTGRES_URL as string;
  const db = createDatabase({ url, applicationName: 'json-fields-test', pool: { max: 1 } });
  afterAll(() => db.destroy());

  const select = async (fields: string[], rows: Array<Record<string, unknown>>, columns: string) => {
    const source = jsonFieldsSource('r', fields, rows);
    return (await db.raw(`select ${columns} from ${source.sql}`, source.bindings)).rows as Array<Record<string, unknown>>;
  };

  it('gives the rows back in their order, each field beside the others of its row', async () => {
    const rows = Array.from({ length: 250 }, (_row, n) => ({ n, label: `row ${n}` }));
    const back = await select(['n', 'label'], rows, `${jsonText('r.n')}::int as n, ${jsonText('r.label')} as label`);
    expect(back).toEqual(rows);
  });

  it('reads scalars as text for their casts, and a null or missing value as NULL', async () => {
    const awkward = `quote " backslash \\ tab \t newline \n emoji 🦷 apostrophe ' and ? mark`;
    const rows = [
      { id: '0b6f3c2e-8d1a-4c1e-9a55-3f1f2a7d9e10', amount: 33.33, flag: false, label: awkward, at: new Date('2026-11-27T12:34:56.789Z') },
      { id: null, amount: null, flag: null, label: null },
    ];
    const back = await select(
      ['id', 'amount', 'flag', 'label', 'at'],
      rows,
      `${jsonText('r.id')}::uuid as id, ${jsonText('r.amount')}::numeric::text as amount, ${jsonText('r.flag')}::boolean as flag,
       ${jsonText('r.label')} as label, ${jsonText('r.at')}::timestamptz as at`,
    );
    expect(back).toEqual([
      { id: rows[0].id, amount: '33.33', flag: false, label: awkward, at: rows[0].at },
      { id: null, amount: null, flag: null, label: null, at: null },
    ]);
  });

  it('keeps a JSON value as the text it was sent as (key order, nesting, numbers), for a json column', async () => {
    const value = { z: 1, a: [1.5, { y: null, b: 'two' }], m: { '': true } };
    const back = await select(['doc'], [{ doc: value }, { doc: null }], 'r.doc::text as text, r.doc::text = $$null$$ as is_null');
    expect(back).toEqual([
      { text: JSON.stringify(value), is_null: false },
      { text: 'null', is_null: true },
    ]);
  });

  it('refuses names that are not plain identifiers, and no field at all', () => {
    expect(() => jsonFieldsSource('r; drop', ['a'], [])).toThrow(/not a plain identifier/);
    expect(() => jsonFieldsSource('r', ['a"b'], [])).toThrow(/not a plain identifier/);
    expect(() => jsonFieldsSource('r', [], [])).toThrow(/no field/);
  });
});
