import type { RawJson } from '@kyb/envelope';

/**
 * A moment as the answers show it (`2026-11-25T20:52:00.123Z`), written by PostgreSQL
 * (`isoTimestampSql` of `@kyb/db`): the same text as `Date.toISOString`, without parsing a Date and
 * printing it again for each of a page's timestamps.
 */
export type IsoTimestamp = string;

/**
 * What the services read of a business beside its presented JSON: its tenant and state for the
 * checks, and what E12's answer repeats around it.
 */
export interface BusinessRow {
  id: string;
  customer_id: string;
  name: string;
  deleted_at: IsoTimestamp | null;
  is_monitoring_enabled: boolean;
  created_at: IsoTimestamp;
  created_by: string;
  external_id: string | null;
}

/** A business as E9, the list and E12 read it. */
export interface BusinessAggregate {
  business: BusinessRow;
  /** The business as contract 2.7 shows it, JSON text written by PostgreSQL (business-json.sql.ts). */
  presented: RawJson;
  /** How many owners it has (read only with the owners). */
  ownerCount: number;
}
