import type { Knex } from '@kyb/db';

/** Column names and types of a view or table (`schema.name`), in order: what a published view's stand-in must match. */
export async function columnsOf(db: Knex, qualified: string): Promise<Array<[string, string]>> {
  const [schema, name] = qualified.split('.');
  const rows = await db('information_schema.columns').where({ table_schema: schema, table_name: name }).orderBy('ordinal_position');
  return rows.map((r: { column_name: string; data_type: string }) => [r.column_name, r.data_type]);
}
