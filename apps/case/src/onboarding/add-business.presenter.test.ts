import { RawJson, stringifyJson } from '@kyb/envelope';
import type { BusinessRowInput } from '../businesses/business-row.columns';
import type { BusinessAggregate } from '../businesses/business.types';
import { presentAddedBusinesses, type AddedBusinesses } from './add-business.presenter';
import { integrationDataOf, integrationDataText } from './integration-data';

const rows: BusinessRowInput[] = [
  { name: 'Acme "Dental" \\ Co', tin: '12-3456789', naics_code: '621210', owner1_first_name: 'Zoë', owner1_ssn: '123-45-6789', owner1_ownership_percentage: 60 },
  { name: 'Beta', external_id: 'B-1', quick_add: true, mcc_code: 5411, custom_column: 'kept as sent' } as BusinessRowInput,
];

function stored(index: number): BusinessAggregate {
  const id = `0000000${index}-0000-4000-8000-000000000000`;
  return {
    business: { id, customer_id: 'c-1', name: rows[index].name, deleted_at: null, is_monitoring_enabled: false, created_at: '2026-11-29T03:00:00.000Z', created_by: 'u-1', external_id: null },
    presented: new RawJson(JSON.stringify({ id, name: rows[index].name })),
    ownerCount: 0,
  };
}

const added: AddedBusinesses = { actorId: 'u-1', customerId: 'c-1', rows, stored: rows.map((_row, index) => stored(index)), cases: new Map() };

describe("E12's answer with the rows' echoes written ahead", () => {
  it('is the same text, byte for byte, as the answer that builds each echo itself', () => {
    const ahead = stringifyJson(presentAddedBusinesses({ ...added, echoes: rows.map(integrationDataText) }));
    const built = stringifyJson(presentAddedBusinesses(added));
    expect(ahead).toBe(built);
    const parsed = JSON.parse(ahead ?? '') as Record<string, { integration_data: Record<string, unknown> }>;
    expect(parsed['0'].integration_data).toEqual(integrationDataOf(rows[0]));
    expect(Object.keys(parsed['1'].integration_data)).toEqual(Object.keys(integrationDataOf(rows[1])));
  });

  it("writes the secrets masked in the echo's text as in the object", () => {
    const text = integrationDataText(rows[0]).text;
    expect(text).not.toContain('3456789');
    expect(text).not.toContain('45-6789');
    expect(JSON.parse(text)).toMatchObject({ tin: 'XXXXX6789', owner1_ssn: 'XXXXX6789' });
  });

  it('uses the echo it is given for its row, not one built again', () => {
    const echoes = [new RawJson('{"marker":0}'), new RawJson('{"marker":1}')];
    const parsed = JSON.parse(stringifyJson(presentAddedBusinesses({ ...added, echoes })) ?? '') as Record<string, { integration_data: unknown }>;
    expect(parsed['0'].integration_data).toEqual({ marker: 0 });
    expect(parsed['1'].integration_data).toEqual({ marker: 1 });
  });
});
