import type { BusinessRowInput } from '../businesses/business-row.columns';
import type { RawJson } from '@kyb/envelope';
import type { BusinessAggregate } from '../businesses/business.types';
import { integrationDataOf } from './integration-data';

/** What the E12 answer is assembled from: the stored businesses in row order, and the rows and cases they came with. */
export interface AddedBusinesses {
  actorId: string;
  customerId: string;
  rows: BusinessRowInput[];
  /** The stored businesses, one per row, in row order (with their owners). */
  stored: BusinessAggregate[];
  /** The cases opened, by business id. */
  cases: ReadonlyMap<string, object[]>;
  /** Each row's `integration_data` as JSON text, by row index, when it was written ahead (`integrationDataText`); else built here. */
  echoes?: readonly RawJson[];
}

/** E12's `result`: each created business by row index, as the published sample shows it. */
export function presentAddedBusinesses(added: AddedBusinesses): Record<string, unknown> {
  const { actorId, customerId } = added;
  const result: Record<string, unknown> = {};
  for (const [index, aggregate] of added.stored.entries()) {
    const business = aggregate.business;
    result[String(index)] = {
      warnings: [],
      userID: actorId,
      customerID: customerId,
      riskMonitoring: business.is_monitoring_enabled,
      data_businesses: aggregate.presented,
      data_cases: added.cases.get(business.id) ?? [],
      integration_data: added.echoes?.[index] ?? integrationDataOf(added.rows[index]),
      business_customer: {
        business_id: business.id,
        customer_id: customerId,
        created_at: business.created_at,
        created_by: business.created_by,
        is_monitoring_enabled: business.is_monitoring_enabled,
        external_id: business.external_id,
        metadata: null,
      },
    };
  }
  return result;
}
