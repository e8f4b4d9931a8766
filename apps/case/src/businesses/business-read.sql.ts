import { isoTimestampSql, type Knex } from '@kyb/db';
import { CLASSIFICATION_DIRECTORY_VIEW, VERIFICATION_DIRECTORY_VIEW } from '@kyb/area-views';
import { RawJson } from '@kyb/envelope';
import { LISTS_JOIN, OWNERS_JOIN, presentedBusinessSql } from './business-json.sql';
import type { BusinessAggregate, BusinessRow } from './business.types';

/**
 * Businesses with what is read beside them, one query: the latest verification (integration
 * area), the provider's classification where the client gave no code (a client's value is never
 * replaced), the code tables' ids and titles, and the industry (the client's, else the sector of
 * the NAICS code shown), its names and addresses (`LISTS_JOIN`); with `withOwners`, the owners too (`OWNERS_JOIN`).
 */
export function businessesWithClassification(db: Knex, withOwners = false): Knex.QueryBuilder {
  const found = db('cases.businesses as b')
    .leftJoin(`${VERIFICATION_DIRECTORY_VIEW} as v`, 'v.business_id', 'b.id')
    .leftJoin(`${CLASSIFICATION_DIRECTORY_VIEW} as pc`, 'pc.business_id', 'b.id')
    .leftJoin('cases.naics_codes as n', 'n.code', db.raw('coalesce(b.naics_code, pc.naics_code)'))
    .leftJoin('cases.mcc_codes as m', 'm.code', db.raw('coalesce(b.mcc_code, pc.mcc_code)'))
    .leftJoin('cases.industries as i', 'i.id', db.raw('coalesce(b.industry_id, n.industry_id)'))
    .joinRaw(LISTS_JOIN);
  return withOwners ? found.joinRaw(OWNERS_JOIN) : found;
}

/** What the services read of a business beside its presented JSON (see `BusinessRow`). */
const BUSINESS_SUMMARY = [
  'b.id',
  'b.customer_id',
  'b.name',
  `${isoTimestampSql('b.deleted_at')} as deleted_at`,
  'b.is_monitoring_enabled',
  `${isoTimestampSql('b.created_at')} as created_at`,
  'b.created_by',
  'b.external_id',
];

/** The columns a read of businesses selects: the summary, the presented JSON and (with the owners, joined by `businessesWithClassification`) their count. */
export const selectedBusiness = (db: Knex, withOwners: boolean) => [
  ...BUSINESS_SUMMARY.map((column) => db.raw(column)),
  db.raw(`${presentedBusinessSql(withOwners)} as presented`),
  ...(withOwners ? [db.raw('ow.owner_count')] : []),
];

/** A row of {@link selectedBusiness} as the aggregate E9, the list and E12 answer (the row itself is the summary). */
export function toBusinessAggregate(row: Record<string, unknown>): BusinessAggregate {
  return { business: row as unknown as BusinessRow, presented: new RawJson(row.presented as string), ownerCount: (row.owner_count as number | undefined) ?? 0 };
}
