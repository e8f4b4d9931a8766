/*
 * Seeds one tenant with many businesses, fast and honestly (issue 46): each is a copy of one of the
 * tenant's own businesses as the suite wrote it through its API (clone-plan.ts), with an id, name,
 * external id, TIN and SSNs of its own, in batches of one transaction each (clone-batches.ts). Afterwards the tables
 * are vacuumed and analysed, as autovacuum would in time, so plans see the tables as they are.
 */
import { Client } from 'pg';
import { createDataKeys, dataKeyScope } from '@kyb/area-views';
import { createDatabase } from '@kyb/db';
import { createMasterKeyring, type DataKeyBox } from '@kyb/secrets';
import { CLONED_TABLES, KEPT_TABLES } from './clone-plan';
import { cloneInBatches } from './clone-batches';
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
  /** Transactions at once, each on a connection of its own. */
  jobs: number;
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
    say(`seed:scale: tenant ${tenant.id} (${tenant.name}), ${before.toLocaleString('en-US')} businesses; adding ${options.businesses.toLocaleString('en-US')} copied from its ${templates.length.toLocaleString('en-US')} newest`);
    let lastSaid = performance.now();
    const progress = (added: number) => {
      if (performance.now() - lastSaid < 10_000) return;
      lastSaid = performance.now();
      const seconds = (lastSaid - start) / 1000;
      say(`seed:scale: ${added.toLocaleString('en-US')} added in ${seconds.toFixed(0)} s (${(added / seconds).toFixed(0)} a second)`);
    };
    const rows = await cloneInBatches({ databaseUrl: options.databaseUrl, templates, box, before, businesses: options.businesses, batch: options.batch, jobs: options.jobs, progress });
    const analyseStart = performance.now();
    say('seed:scale: vacuuming and analysing the tables written');
    for (const table of [...CLONED_TABLES.map((t) => t.table), ...KEPT_TABLES]) await db.query(`vacuum (analyze) ${table}`);
    const end = performance.now();
    return { tenant, added: options.businesses, templates: templates.length, rows, total: await businessCount(db, tenant.id), seconds: (end - start) / 1000, analyseSeconds: (end - analyseStart) / 1000 };
  } finally {
    await db.end();
  }
}
