/*
 * Seeds one tenant with many businesses, fast and honestly (issue 46): each is a copy of one of the
 * tenant's own businesses as the suite wrote it through its API (clone-plan.ts), with an id, name,
 * external id, TIN and SSNs of its own, in batches of one transaction each. Afterwards the tables
 * are vacuumed and analysed, as autovacuum would in time, so plans see the tables as they are.
 */
import { Client } from 'pg';
import { createDataKeys, dataKeyScope } from '@kyb/area-views';
import { createDatabase } from '@kyb/db';
import { createMasterKeyring, type DataKeyBox } from '@kyb/secrets';
import { CLONED_TABLES, KEPT_TABLES } from './clone-plan';
import { prepareCloning } from './clone-statements';
import { cloneRow } from './clone-values';
import { businessCount, findTemplates, findTenant, type Tenant } from './templates';

/** What to seed. */
export interface SeedOptions {
  databaseUrl: string;
  /** Businesses to add. */
  businesses: number;
  customerId?: string;
  customerName?: string;
  /** How many of the tenant's newest businesses are copied (round robin). */
  templates: number;
  /** Businesses per transaction. */
  batch: number;
  /** The master key (DATA_ENCRYPTION_KEY) and any previous ones, which unwrap the tenant's data key. */
  masterKey: Buffer;
  previousMasterKeys?: Buffer[];
  /** Progress lines. */
  say?: (line: string) => void;
}

/** What a seed made. */
export interface SeedResult {
  tenant: Tenant;
  added: number;
  templates: number;
  /** Rows written per table. */
  rows: Record<string, number>;
  /** The tenant's businesses afterwards. */
  total: number;
  seconds: number;
  /** Of which the vacuum and analyse at the end. */
  analyseSeconds: number;
}

/** The tenant's data key, as the case area seals with it (its DataKeys, made on first use like the suite's). */
async function tenantBox(options: SeedOptions, customerId: string): Promise<DataKeyBox> {
  const knex = createDatabase({ url: options.databaseUrl, applicationName: 'seed-scale', pool: { max: 1 }, statementCache: false });
  try {
    return await createDataKeys(knex, createMasterKeyring(options.masterKey, options.previousMasterKeys ?? [])).boxFor(dataKeyScope(customerId));
  } finally {
    await knex.destroy();
  }
}

/** Seeds `options.businesses` businesses into one tenant. */
export async function seedScale(options: SeedOptions): Promise<SeedResult> {
  const say = options.say ?? (() => undefined);
  const start = performance.now();
  const db = new Client({ connectionString: options.databaseUrl, application_name: 'seed-scale' });
  await db.connect();
  try {
    const tenant = await findTenant(db, options);
    const templates = await findTemplates(db, tenant.id, options.templates);
    const box = await tenantBox(options, tenant.id);
    const before = await businessCount(db, tenant.id);
    const statements = await prepareCloning(db);
    const rows: Record<string, number> = Object.fromEntries(CLONED_TABLES.map((t) => [t.table, 0]));
    say(`seed:scale: tenant ${tenant.id} (${tenant.name}), ${before.toLocaleString('en-US')} businesses; adding ${options.businesses.toLocaleString('en-US')} copied from its ${templates.length.toLocaleString('en-US')} newest`);
    let lastSaid = performance.now();
    for (let done = 0; done < options.businesses; done += options.batch) {
      const size = Math.min(options.batch, options.businesses - done);
      const clones = Array.from({ length: size }, (_clone, i) => cloneRow(templates[(done + i) % templates.length], before + done + i + 1, done + i + 1, box));
      await db.query('begin');
      try {
        await db.query('insert into pg_temp.seed_clones select * from json_populate_recordset(null::pg_temp.seed_clones, $1)', [JSON.stringify(clones)]);
        for (const { table, sql } of statements) rows[table] += (await db.query(sql)).rowCount ?? 0;
        await db.query('commit');
      } catch (err) {
        await db.query('rollback');
        throw err;
      }
      if (performance.now() - lastSaid > 10_000) {
        lastSaid = performance.now();
        const seconds = (lastSaid - start) / 1000;
        say(`seed:scale: ${(done + size).toLocaleString('en-US')} added in ${seconds.toFixed(0)} s (${((done + size) / seconds).toFixed(0)} a second)`);
      }
    }
    const analyseStart = performance.now();
    say('seed:scale: vacuuming and analysing the tables written');
    for (const table of [...CLONED_TABLES.map((t) => t.table), ...KEPT_TABLES]) await db.query(`vacuum (analyze) ${table}`);
    const end = performance.now();
    return { tenant, added: options.businesses, templates: templates.length, rows, total: await businessCount(db, tenant.id), seconds: (end - start) / 1000, analyseSeconds: (end - analyseStart) / 1000 };
  } finally {
    await db.end();
  }
}
