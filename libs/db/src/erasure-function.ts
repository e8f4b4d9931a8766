/**
 * The erasure functions each area publishes (docs/adr/0043): `erase_customer(customer)` and, where
 * an area keeps copies of an owner, `erase_owner(customer, business, owner)`.
 */
export type ErasureFunctionName = 'erase_customer' | 'erase_owner';

const PARAMETERS: Record<ErasureFunctionName, string> = {
  erase_customer: 'p_customer uuid',
  erase_owner: 'p_customer uuid, p_business uuid, p_owner uuid',
};

/**
 * The SQL that creates `<schema>.<name>`: a plpgsql function that runs `statements` (each one SQL
 * statement over the parameters `p_customer`, and for `erase_owner` `p_business` and `p_owner`) in
 * order and returns the rows they changed, in all. It runs as its owner (the area's migrator), so
 * the erasing area's role may call it without rights on this area's tables.
 */
export function erasureFunctionSql(schema: string, name: ErasureFunctionName, statements: readonly string[]): string {
  const body = statements.map((statement) => `    ${statement.trim().replace(/;$/, '')};\n    get diagnostics n = row_count; changed := changed + n;`).join('\n');
  return `create function ${schema}.${name}(${PARAMETERS[name]}) returns integer
  language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
  declare changed integer := 0; n integer;
  begin
${body}
    return changed;
  end $$`;
}

/** The statement that drops an erasure function (a migration's `down`). */
export const dropErasureFunctionSql = (schema: string, name: ErasureFunctionName): string => `drop function if exists ${schema}.${name}(${PARAMETERS[name].replace(/p_\w+ /g, '')})`;

/** What {@link replaceErasureFunction} needs of a database: knex's `raw` (a `Knex` or a transaction). */
export interface RawRunner {
  raw(sql: string): PromiseLike<unknown>;
}

/**
 * Replaces `<schema>.<name>` with one that runs `statements`: drops the function
 * ({@link dropErasureFunctionSql}) and creates it anew ({@link erasureFunctionSql}), in that order,
 * as a migration does when it widens (`up`) or narrows back (`down`) what its area's erasure covers.
 */
export async function replaceErasureFunction(db: RawRunner, schema: string, name: ErasureFunctionName, statements: readonly string[]): Promise<void> {
  await db.raw(dropErasureFunctionSql(schema, name));
  await db.raw(erasureFunctionSql(schema, name, statements));
}

/** Deletes the tenant's kept `Idempotency-Key` answers in `schema` (sealed with its destroyed key, so unreadable anyway). */
export const tenantAnswersDeletedSql = (schema: string): string => `delete from ${schema}.idempotency_keys where lower(scope) = 'customer:' || p_customer::text`;
