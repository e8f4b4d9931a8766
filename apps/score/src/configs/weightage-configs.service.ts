import { randomUUID } from 'node:crypto';
import { CustomerNotFoundError, type CustomerDirectory } from '@kyb/area-views';
import { withAudit, type Actor } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { listPage, toListQuery, type ValidatedListQuery } from '@kyb/validation';
import { checkWeightageConfig, type WeightageConfig } from '../engine';
import { WeightageConfigInvalidError, WeightageConfigNotFoundError, WeightageConfigVersionTakenError } from './weightage-configs.errors';
import type { ConfigListQuery, ConfigRow, ConfigSummaryRow, CustomerConfigRow, WeightageConfigStore } from './weightage-configs.store';

const presentSummary = (row: ConfigSummaryRow) => ({
  id: row.id,
  version: row.version,
  is_default: row.is_default,
  customers: row.customers,
  created_at: row.created_at.toISOString(),
  created_by: row.created_by,
});
const present = (row: ConfigRow) => ({ ...presentSummary(row), config: row.config });
const presentCustomer = (customerId: string, row: CustomerConfigRow) => ({
  customer_id: customerId,
  weightage_config_id: row.weightage_config_id,
  version: row.version,
  source: row.source,
  assigned_at: row.assigned_at?.toISOString() ?? null,
  assigned_by: row.assigned_by,
});

/**
 * Weighting configs as versioned data (issue 12): an ADMIN lists them, adds a version (checked by
 * `checkWeightageConfig`; never the default, never changed once added, so every score can be
 * recomputed with the version it names) and gives one to a customer, whose new scores then use it.
 * Adding and assigning are audited in the same transaction.
 */
export function createWeightageConfigService(deps: { db: Knex; store: WeightageConfigStore; customers: CustomerDirectory; clock: () => Date }) {
  const { db, store, clock } = deps;
  const audit = (actor: Actor) => ({ schema: 'scores', actor, clock });
  return {
    async list(query: ValidatedListQuery) {
      const listQuery = toListQuery(query, ['created_at', 'desc']) as ConfigListQuery;
      const { rows, total } = await store.list(listQuery);
      return listPage(rows.map(presentSummary), total, listQuery);
    },

    async get(configId: string) {
      const row = await store.find(configId);
      if (!row) throw new WeightageConfigNotFoundError();
      return present(row);
    },

    async create(actor: Actor, body: Omit<WeightageConfig, 'id'>) {
      const config: WeightageConfig = { id: randomUUID(), ...body };
      const problems = checkWeightageConfig(config);
      if (problems.length > 0) throw new WeightageConfigInvalidError(problems);
      await withAudit(
        db,
        audit(actor),
        async (trx) => {
          if (!(await store.create({ config, createdBy: actor.userId, at: clock() }, trx))) throw new WeightageConfigVersionTakenError(config.version);
        },
        () => ({ customerId: null, action: 'weightage_config.created', target: { type: 'weightage_config', id: config.id }, details: { version: config.version } }),
      );
      return this.get(config.id);
    },

    /** The config a customer's new scores use (its own, else the default). */
    async ofCustomer(customerId: string) {
      const row = await store.ofCustomer(customerId);
      if (!row) throw new WeightageConfigNotFoundError();
      return presentCustomer(customerId, row);
    },

    /** Gives the customer a config, or (null) takes its own away so the default applies; scores already made keep theirs. */
    async assign(actor: Actor, customerId: string, configId: string | null) {
      if (!(await deps.customers.find(customerId))) throw new CustomerNotFoundError();
      const config = configId === null ? null : await store.find(configId);
      if (configId !== null && !config) throw new WeightageConfigNotFoundError();
      await withAudit(
        db,
        audit(actor),
        (trx) => store.assign(trx, { customerId, configId, by: actor.userId, at: clock() }),
        () => ({
          customerId,
          action: 'weightage_config.assigned',
          target: { type: 'customer', id: customerId },
          details: { weightage_config_id: configId, version: config?.version ?? null },
        }),
      );
      return this.ofCustomer(customerId);
    },
  };
}

/** The weighting config service type, for injection. */
export type WeightageConfigService = ReturnType<typeof createWeightageConfigService>;
