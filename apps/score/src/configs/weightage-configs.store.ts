import { pageWithTotal, totalCountColumn, type Knex } from '@kyb/db';
import type { ListQuery } from '@kyb/validation';
import type { WeightageConfig } from '../engine';

/** A config as the API lists it. */
export interface ConfigSummaryRow {
  id: string;
  version: string;
  is_default: boolean;
  customers: number;
  created_at: Date;
  created_by: string | null;
}

/** A config with its data. */
export type ConfigRow = ConfigSummaryRow & { config: WeightageConfig };

/** The config a customer's new scores use, and whether it was given to the customer. */
export interface CustomerConfigRow {
  weightage_config_id: string;
  version: string;
  source: 'CUSTOMER' | 'DEFAULT';
  assigned_at: Date | null;
  assigned_by: string | null;
}

/** The list query of configs. */
export type ConfigListQuery = ListQuery<'created_at' | 'version', Record<string, never>, never>;

const CONFIGS = 'scores.weightage_configs';
const ASSIGNED = 'scores.customer_weightage_configs';

/** SQL of weighting configs (versioned data) and the configs given to customers. */
export function createPgWeightageConfigStore(db: Knex) {
  const summary = (on: Knex = db) => [
    'w.id',
    'w.version',
    'w.is_active as is_default',
    'w.created_at',
    'w.created_by',
    on.raw(`(select count(*)::int from ${ASSIGNED} a where a.weightage_config_id = w.id) as customers`),
  ];
  return {
    /** One page of configs with the total beside it (one statement; a page past the end counts apart). */
    async list(query: ConfigListQuery): Promise<{ rows: ConfigSummaryRow[]; total: number }> {
      const matches = () => db(`${CONFIGS} as w`);
      const page = matches().select(...summary(), totalCountColumn(db));
      for (const [name, direction] of query.sort) page.orderBy(`w.${name}`, direction);
      page.orderBy('w.id');
      if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
      return pageWithTotal<ConfigSummaryRow>(db, (await page) as Array<ConfigSummaryRow & { total_count: string }>, query, matches);
    },
    async find(id: string): Promise<ConfigRow | undefined> {
      return db(`${CONFIGS} as w`).where('w.id', id).first(...summary(), 'w.config');
    },
    /** Adds a version (never the default); answers false when the version is taken. */
    async create(input: { config: WeightageConfig; createdBy: string | null; at: Date }, trx: Knex = db): Promise<boolean> {
      const inserted = await trx(CONFIGS)
        .insert({ id: input.config.id, version: input.config.version, config: JSON.stringify(input.config), is_active: false, created_by: input.createdBy, created_at: input.at })
        .onConflict('version')
        .ignore()
        .returning('id');
      return inserted.length === 1;
    },
    /** The config the customer's new scores use: its own, else the default. */
    async ofCustomer(customerId: string): Promise<CustomerConfigRow | undefined> {
      const own = await db(`${ASSIGNED} as a`)
        .join(`${CONFIGS} as w`, 'w.id', 'a.weightage_config_id')
        .where('a.customer_id', customerId)
        .first('w.id as weightage_config_id', 'w.version', db.raw(`'CUSTOMER' as source`), 'a.assigned_at', 'a.assigned_by');
      if (own) return own;
      return db(`${CONFIGS} as w`).where('w.is_active', true).first('w.id as weightage_config_id', 'w.version', db.raw(`'DEFAULT' as source`), db.raw('null::timestamptz as assigned_at'), db.raw('null::uuid as assigned_by'));
    },
    /** Gives the customer a config (null: none, the default applies again). */
    async assign(trx: Knex, input: { customerId: string; configId: string | null; by: string | null; at: Date }): Promise<void> {
      if (input.configId === null) return void (await trx(ASSIGNED).where({ customer_id: input.customerId }).delete());
      await trx(ASSIGNED)
        .insert({ customer_id: input.customerId, weightage_config_id: input.configId, assigned_by: input.by, assigned_at: input.at })
        .onConflict('customer_id')
        .merge();
    },
  };
}

/** The weighting config store type, for injection. */
export type WeightageConfigStore = ReturnType<typeof createPgWeightageConfigStore>;
