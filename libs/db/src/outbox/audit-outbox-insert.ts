import { randomUUID } from 'node:crypto';
import type { AuditAct } from './audit-act';

/** The outbox's columns and their types, in the order the insert's arrays give them. */
const COLUMNS = [
  ['id', 'uuid'],
  ['customer_id', 'uuid'],
  ['actor_id', 'uuid'],
  ['actor_role', 'text'],
  ['action', 'text'],
  ['target_type', 'text'],
  ['target_id', 'text'],
  ['request_id', 'text'],
  ['client_address', 'text'],
  ['details', 'jsonb'],
  ['occurred_at', 'timestamptz'],
] as const;

/** One act as the insert sends it: a value per column, in `COLUMNS` order (details as JSON text, the time as ISO text). */
export type AuditRowValues = Array<string | null>;

/** A schema name the SQL text may hold as it is: an unquoted PostgreSQL identifier, lower case. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The insert of acts into `<schema>.audit_outbox`, one array per column, so the text is the same
 * whatever the number of acts (one prepared statement). `placeholder` writes parameter n (1-based).
 * The schema is written into the text: it must be a plain name (the areas pass constants).
 */
export function auditInsertSql(schema: string, placeholder: (n: number) => string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`recordAudit: ${JSON.stringify(schema.slice(0, 80))} is not a valid schema name`);
  const names = COLUMNS.map(([name]) => name).join(', ');
  const arrays = COLUMNS.map(([, type], i) => `${placeholder(i + 1)}::${type}[]`).join(', ');
  return `insert into ${schema}.audit_outbox (${names}) select * from unnest(${arrays})`;
}

/** The insert's parameters for `rows`: one array per column. */
export function columnsOf(rows: readonly AuditRowValues[]): Array<Array<string | null>> {
  return COLUMNS.map((_column, i) => rows.map((row) => row[i] ?? null));
}

/**
 * An act PostgreSQL would refuse. Refused before it joins a statement, so it fails alone and not
 * the acts written with it. The message names the field, never its value.
 */
export class UnstorableAuditActError extends Error {
  constructor(field: string, why: string) {
    super(`audit act cannot be stored: ${field} ${why}`);
    this.name = 'UnstorableAuditActError';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A NUL (text and jsonb refuse it) or half a surrogate pair (not UTF-8; jsonb refuses its escape). */
const unstorable = (value: string) => value.includes(NUL) || LONE_SURROGATE.test(value);
/** ISO text PostgreSQL reads back as the same instant: years 0001 to 9999. */
const STORABLE_TIME = /^(?!0000)\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function uuidOrNull(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || !UUID.test(value)) throw new UnstorableAuditActError(field, 'is not a UUID');
  return value;
}

function text(field: string, value: unknown, required: boolean): string | null {
  if (value === null || value === undefined) {
    if (required) throw new UnstorableAuditActError(field, 'is missing');
    return null;
  }
  if (typeof value !== 'string') throw new UnstorableAuditActError(field, 'is not text');
  if (unstorable(value)) throw new UnstorableAuditActError(field, 'holds a NUL or an unpaired surrogate');
  return value;
}

function detailsText(details: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(details, (key: string, value: unknown) => {
      if (unstorable(key) || (typeof value === 'string' && unstorable(value))) throw new UnstorableAuditActError('details', 'hold a NUL or an unpaired surrogate');
      return value;
    });
  } catch (err) {
    if (err instanceof UnstorableAuditActError) throw err;
    throw new UnstorableAuditActError('details', 'are not JSON');
  }
  if (json === undefined || !json.startsWith('{')) throw new UnstorableAuditActError('details', 'are not an object');
  return json;
}

function timeText(value: unknown): string {
  const iso = value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : '';
  if (!STORABLE_TIME.test(iso)) throw new UnstorableAuditActError('occurredAt', 'is not a time between the years 1 and 9999');
  return iso;
}

/**
 * The values of an act (normalised already) as the insert sends them, with a new id; throws
 * `UnstorableAuditActError` for anything PostgreSQL would refuse.
 */
export function auditRowOf(act: AuditAct): AuditRowValues {
  return [
    randomUUID(),
    uuidOrNull('customerId', act.customerId),
    uuidOrNull('actorId', act.actorId),
    text('actorRole', act.actorRole, true),
    text('action', act.action, true),
    text('targetType', act.targetType, true),
    text('targetId', act.targetId, false),
    text('requestId', act.requestId, false),
    text('clientAddress', act.clientAddress, false),
    detailsText(act.details),
    timeText(act.occurredAt),
  ];
}
