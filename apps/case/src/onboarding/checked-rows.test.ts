import { checkRows } from './checked-rows';
import { ROW_FAILED } from './onboarding.errors';
import { validateBusinessRow } from './row-validation';

const today = new Date('2026-11-22T00:00:00Z');
const stored = new Map([['EXT-1', 'b-1']]);

describe('checkRows: an add checked once', () => {
  it('passes rows whose only trouble is an external id stored already, and names that business once the stored ids are known', () => {
    const checked = checkRows([{ name: 'Fine' }, { name: 'Taken', external_id: ' EXT-1 ', mobile: '10' }], { checkSchema: true, today });
    expect(checked.passed).toBe(false);
    expect(checkRows([{ name: 'Taken', external_id: ' EXT-1 ' }], { checkSchema: true, today }).passed).toBe(true);
    expect(checked.externalIds).toEqual(['EXT-1']);
    expect(checked.failedRows(stored)).toEqual({
      '1': {
        message: ROW_FAILED,
        data: [
          { column: 'mobile', providedKey: 'mobile', value: '10', reason: 'Invalid phone number.' },
          {
            column: 'external_id',
            providedKey: 'external_id',
            value: ' EXT-1 ',
            reason: 'The business external ID already exists for this customer (business ID: b-1)',
            existing_business_id: 'b-1',
          },
        ],
      },
    });
  });

  it('gives each row the failures validateBusinessRow gives it, with the stored ids and the earlier rows of the run', () => {
    const rows = [
      { name: 'A', external_id: 'RUN-1' },
      { name: 'B', external_id: 'RUN-1', address_line_1: '1 Main St' },
      { name: 'C', external_id: 'EXT-1' },
      { name: 'D', external_id: 'EXT-1', id: 'given' },
    ];
    const checked = checkRows(rows, { checkSchema: true, today });
    const seen = new Set<string>();
    const expected = rows.map((row) => {
      const failures = validateBusinessRow(row, { existingExternalIds: stored, externalIdsInRun: new Set(seen), today });
      seen.add(row.external_id.trim());
      return failures;
    });
    const failed = checked.failedRows(stored);
    expect(rows.map((_row, index) => failed[String(index)]?.data ?? [])).toEqual(expected);
    // Without the stored ids, only what the rows themselves fail.
    expect(Object.keys(checked.failedRows(new Map()))).toEqual(['1', '3']);
  });

  it("lists a bulk row's schema failure, and counts its external id as used by the rows after it", () => {
    const checked = checkRows([{ name: 'A', external_id: 'X-1', unknown_column: 1 }, { name: 'B', external_id: 'X-1' }], { checkSchema: true, today });
    expect(checked.rows).toEqual([{ name: 'B', external_id: 'X-1' }]);
    const failed = checked.failedRows(new Map());
    expect(failed['0'].data).toEqual([expect.objectContaining({ column: 'unknown_column', providedKey: 'unknown_column', value: 1 })]);
    expect(failed['1'].data).toEqual([expect.objectContaining({ column: 'external_id', reason: 'The business external ID is used by another row of this run.' })]);
  });

  it("does not check a single business's schema again (its request's schema did)", () => {
    const checked = checkRows([{ name: 'A', unknown_column: 1 }], { checkSchema: false, today });
    expect(checked.passed).toBe(true);
    expect(checked.rows).toHaveLength(1);
  });
});
