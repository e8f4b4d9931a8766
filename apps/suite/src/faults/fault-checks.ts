import type { Knex } from '@kyb/db';
import { mailsInLog } from '@kyb/mail';

/** One kind of row the check looks for: what is wrong when it finds some, and the SQL that finds their ids. */
interface RowCheck {
  problem: string;
  sql: string;
}

/** A finding: the problem and the ids (first few, with their reason where a row keeps one) of the rows that show it. */
function finding(problem: string, ids: string[]): string {
  return `${problem}: ${ids.length} (${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', ...' : ''})`;
}

async function findings(db: Knex, checks: RowCheck[]): Promise<string[]> {
  const found: string[] = [];
  for (const check of checks) {
    const ids = (await db.raw(check.sql)).rows.map((row: { id: unknown }) => String(row.id));
    if (ids.length > 0) found.push(finding(check.problem, ids));
  }
  return found;
}

const LIVE_BUSINESSES = 'select b.id from cases.businesses b where b.deleted_at is null';

/** Work that is not final yet: the queues (or the recovery sweep) still owe it. Empty when all is done. */
const UNFINISHED: RowCheck[] = [
  {
    problem: 'businesses never enriched after the Redis restart (no integration task: the enrichment job was lost and nothing queued it again)',
    sql: `${LIVE_BUSINESSES} and not exists (select 1 from integration.integration_tasks t where t.business_id = b.id)`,
  },
  { problem: 'integration tasks not final (neither SUCCEEDED nor FAILED)', sql: `select id from integration.integration_tasks where status not in ('SUCCEEDED', 'FAILED')` },
  {
    problem: 'enrichments never scored (SUCCEEDED task without its score: the enrichment-completed job was lost and nothing queued it again)',
    sql: `select t.id from integration.integration_tasks t where t.status = 'SUCCEEDED'
          and not exists (select 1 from scores.scores s where s.source_key = 'enrichment:' || t.id::text)`,
  },
  { problem: 'scores not final (neither SUCCESS nor FAILED)', sql: `select id from scores.scores where status not in ('SUCCESS', 'FAILED')` },
  { problem: 'reports not final (neither COMPLETED nor FAILED)', sql: `select id from reports.reports where status not in ('COMPLETED', 'FAILED')` },
  { problem: 'screenings not final (neither COMPLETED nor FAILED)', sql: `select id from integration.screenings where status not in ('COMPLETED', 'FAILED')` },
  { problem: 'outbox mail not final (neither SENT nor FAILED)', sql: `select id from cases.mail_outbox where status not in ('SENT', 'FAILED')` },
  { problem: 'onboarding runs not final (neither SUCCEEDED nor FAILED)', sql: `select id from cases.onboarding_runs where status not in ('SUCCEEDED', 'FAILED')` },
];

/** What is still not final, one line per kind. */
export function unfinishedWork(db: Knex): Promise<string[]> {
  return findings(db, UNFINISHED);
}

/** Polls until nothing is unfinished or `timeoutMs` passed; answers what is left (empty: all final). */
export async function waitUntilFinal(db: Knex, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = await unfinishedWork(db);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Once everything is final: what was done other than exactly once, or ended other than successfully. */
const NOT_EXACTLY_ONCE: RowCheck[] = [
  {
    problem: 'businesses with more than one integration task (enriched twice)',
    sql: `${LIVE_BUSINESSES} and (select count(*) from integration.integration_tasks t where t.business_id = b.id) > 1`,
  },
  { problem: 'integration tasks FAILED', sql: `select id || ' ' || coalesce(failure_reason, '') as id from integration.integration_tasks where status = 'FAILED'` },
  {
    problem: "businesses without public records, or whose records are not their one task's",
    sql: `${LIVE_BUSINESSES} and not exists (select 1 from integration.public_records p join integration.integration_tasks t
            on t.id = p.business_integration_task_id and t.business_id = b.id where p.business_id = b.id)`,
  },
  {
    problem: 'businesses without exactly one SUCCESS enrichment score',
    sql: `${LIVE_BUSINESSES} and (select count(*) from scores.scores s where s.business_id = b.id and s.trigger = 'ENRICHMENT' and s.status = 'SUCCESS') <> 1`,
  },
  { problem: 'scores FAILED', sql: `select id || ' ' || coalesce(failure_reason, '') as id from scores.scores where status = 'FAILED'` },
  { problem: 'scores nobody asked for (not one per enrichment task)', sql: `select id from scores.scores where trigger <> 'ENRICHMENT'` },
  {
    problem: 'reports not COMPLETED with exactly their one file',
    sql: `select r.id || ' ' || r.status || ' ' || coalesce(r.log, '') as id from reports.reports r where r.status <> 'COMPLETED' or r.file_path is null
          or (select count(*) from reports.report_files f where f.path = r.file_path) <> 1`,
  },
  { problem: 'screenings not COMPLETED', sql: `select id || ' ' || status || ' ' || coalesce(failure_reason, '') as id from integration.screenings where status <> 'COMPLETED'` },
  {
    problem: 'invitations without exactly one outbox mail',
    sql: `select i.id from cases.invitations i where (select count(*) from cases.mail_outbox m where m.invitation_id = i.id) <> 1`,
  },
  { problem: 'outbox mail not SENT', sql: `select id || ' ' || status || ' ' || coalesce(last_error, '') as id from cases.mail_outbox where status <> 'SENT' or sent_at is null` },
  { problem: 'onboarding runs not SUCCEEDED', sql: `select id || ' ' || status || ' ' || coalesce(failure_reason, '') as id from cases.onboarding_runs where status <> 'SUCCEEDED'` },
];

/** Everything done other than exactly once, one line per kind. Empty when all is right. */
export function exactlyOnceViolations(db: Knex): Promise<string[]> {
  return findings(db, NOT_EXACTLY_ONCE);
}

/** What the traffic asked for, by business: the requests it sent (503s included: they may have been done). */
export interface AskedFor {
  reportRequests: Map<string, number>;
  screeningRequests: Map<string, number>;
  /** Report ids answered 2xx to E7: each must be there, COMPLETED. */
  reportIds: string[];
}

/** Reports and screenings beyond what was asked (a job that created its own twice), and reports answered but missing. */
export async function moreThanAsked(db: Knex, asked: AskedFor): Promise<string[]> {
  const found: string[] = [];
  const perBusiness = async (table: string) =>
    new Map(((await db.raw(`select business_id, count(*)::int as n from ${table} group by business_id`)).rows as Array<{ business_id: string; n: number }>).map((r) => [r.business_id, r.n]));
  for (const [table, requests] of [['reports.reports', asked.reportRequests], ['integration.screenings', asked.screeningRequests]] as const) {
    for (const [businessId, n] of await perBusiness(table)) {
      if (n > (requests.get(businessId) ?? 0)) found.push(`${table}: business ${businessId} has ${n} rows for ${requests.get(businessId) ?? 0} requests`);
    }
  }
  const completed = new Set((await db('reports.reports').where({ status: 'COMPLETED' }).pluck('id')).map(String));
  const missing = asked.reportIds.filter((id) => !completed.has(id));
  if (missing.length > 0) found.push(finding('reports answered by E7 that are not COMPLETED', missing));
  return found;
}

/**
 * Mail whose delivery ran twice: with no SMTP server the workers write each mail they send to
 * their log, so every recipient must have been written exactly as many mails as the outbox
 * holds SENT messages for it (each invitation names its own applicant).
 */
export async function mailSentTwice(db: Knex, workerLogs: string): Promise<string[]> {
  const rows = (await db.raw(`select lower(to_email) as email, count(*)::int as n from cases.mail_outbox where status = 'SENT' group by lower(to_email)`)).rows as Array<{
    email: string;
    n: number;
  }>;
  const found: string[] = [];
  for (const row of rows) {
    const logged = mailsInLog(workerLogs, row.email).length;
    if (logged !== row.n) found.push(`${row.email}: ${logged} mails written for ${row.n} SENT outbox messages`);
  }
  return found;
}
