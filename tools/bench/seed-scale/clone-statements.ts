/*
 * The statements that copy the templates' rows for a batch of clones (clone-plan.ts), built from
 * the tables as the database has them: every column is copied unless the plan says otherwise,
 * generated and identity columns are left to the table, and the suite's times (`*_at`) move back by
 * the clone's shift. The templates' rows are read once per session.
 */
import type { Client } from 'pg';
import { CLONED_TABLES, LEFT_OUT, SESSION_FUNCTIONS, type ClonedTable } from './clone-plan';

/** The clones of one batch, as the statements read them (json_populate_recordset fills it). */
export const CLONES_TABLE = `create temporary table seed_clones (
  business_id uuid primary key, template_id uuid not null, template_name text not null, name text not null, external_id text,
  tin_sealed text, tin_lookup text, tin_masked text, ssn_sealed text[], ssn_masked text[], shift interval not null
) on commit delete rows`;

interface Column {
  name: string;
  type: string;
  computed: boolean;
}

async function columnsOf(db: Client, table: string): Promise<Column[]> {
  const { rows } = await db.query<{ name: string; type: string; computed: boolean }>(
    `select attname as name, format_type(atttypid, atttypmod) as type, (attgenerated <> '' or attidentity <> '') as computed
       from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
    [table],
  );
  return rows;
}

/** One table's statement: the clones' copies of the template rows. */
export function cloneStatement(plan: ClonedTable, columns: Column[]): string {
  const names = new Set(columns.map((c) => c.name));
  const unknown = Object.keys(plan.set).filter((name) => !names.has(name));
  if (unknown.length > 0) throw new Error(`${plan.table} has no column ${unknown.join(', ')}: the seed's plan (clone-plan.ts) follows the tables as the migrations make them`);
  const written = columns.filter((c) => !c.computed);
  const value = (c: Column): string => {
    if (plan.set[c.name] !== undefined) return plan.set[c.name];
    if (c.name === 'business_id') return 'c.business_id';
    // The suite's own times (`*_at`) move; what a provider said (a filing's date) stays.
    if (c.type === 'timestamp with time zone' && c.name.endsWith('_at')) return `t.${c.name} - c.shift`;
    return `t.${c.name}`;
  };
  return `insert into ${plan.table} (${written.map((c) => `"${c.name}"`).join(', ')})
    select ${written.map(value).join(', ')} from ${stagedName(plan)} t join pg_temp.seed_clones c on t.template_id = c.template_id`;
}

/** Where a table's template rows are kept for the session. */
const stagedName = (plan: ClonedTable) => `pg_temp.seed_${plan.table.replace('.', '_')}`;

/**
 * Reads the templates' rows of every table once, into temporary tables: each batch then reads a
 * few thousand rows, however large the tables have grown (from the tables themselves the
 * planner's choices grew with them: 1,200 businesses a second fell to 600 by 250,000).
 */
async function stageTemplateRows(db: Client, templateIds: string[]): Promise<void> {
  await db.query('create temporary table seed_templates (id uuid primary key)');
  await db.query('insert into pg_temp.seed_templates select unnest($1::uuid[])', [templateIds]);
  for (const plan of CLONED_TABLES) {
    const rows = plan.templateRows ?? `select t.*, t.business_id as template_id from ${plan.table} t where t.business_id in (select id from pg_temp.seed_templates)`;
    await db.query(`create temporary table ${stagedName(plan).slice('pg_temp.'.length)} as ${rows}`);
    await db.query(`create index on ${stagedName(plan)} (template_id)`);
    await db.query(`analyze ${stagedName(plan)}`);
  }
}

/**
 * Throws unless every table with a `business_id` is copied or left out for a stated reason
 * (clone-plan.ts): a table the suite adds later must be placed before a seed can be honest.
 */
async function assertEveryTablePlaced(db: Client): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `select c.table_schema || '.' || c.table_name as name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.column_name = 'business_id' and c.table_schema in ('auth', 'cases', 'integration', 'scores', 'reports')`,
  );
  const placed = new Set([...CLONED_TABLES.map((t) => t.table), ...Object.keys(LEFT_OUT)]);
  const unplaced = rows.map((r) => r.name).filter((name) => !placed.has(name));
  if (unplaced.length > 0) throw new Error(`the seed does not know ${unplaced.sort().join(', ')}: say in tools/bench/seed-scale/clone-plan.ts how a seeded business has its rows there, or why it has none`);
}

/** Prepares the session (the templates' rows, its clone table and functions) and answers each table's statement, in insert order. */
export async function prepareCloning(db: Client, templateIds: string[]): Promise<Array<{ table: string; sql: string }>> {
  await assertEveryTablePlaced(db);
  await stageTemplateRows(db, templateIds);
  await db.query(CLONES_TABLE);
  for (const fn of SESSION_FUNCTIONS) await db.query(fn);
  const statements: Array<{ table: string; sql: string }> = [];
  for (const plan of CLONED_TABLES) statements.push({ table: plan.table, sql: cloneStatement(plan, await columnsOf(db, plan.table)) });
  return statements;
}
