import { randomUUID } from 'node:crypto';
import { jsonRowsParts, readKeysetPage, runChained, type Knex, type KeysetPosition, type StatementPart } from '@kyb/db';
import { SCORE_DIRECTORY_VIEW } from '@kyb/area-views';
import { CASE_SORT_KINDS, type CaseListCriteria } from './cases.schemas';

/** A case as stored. */
export interface CaseRow {
  id: string;
  customer_id: string;
  business_id: string;
  applicant_id: string | null;
  /** The decision state (ADR 0055). */
  status: string;
  /** How the case was opened: `INVITATION` (E5) or `ADDED` (E12, a bulk row). */
  origin: CaseOrigin;
  assignee_id: string | null;
  /** The policy version that last moved the case (null: none has, or a person did). */
  policy_version: number | null;
  status_changed_at: Date;
  /** What the policy last said of the case (the rule, the facts it read), or null before its first evaluation. */
  outcome: Record<string, unknown> | null;
  evaluated_at: Date | null;
  /** Under four eyes, the first reviewer's decision waiting for a second's: `decision`, `by`, `reason_code`, `note`, `at`. */
  pending_decision: { decision: string; by: string; reason_code: string; note: string | null; at: string } | null;
  customer_initiated: boolean;
  created_by: string;
  updated_by: string;
  created_at: Date;
  updated_at: Date;
}

/** An invitation with its applicant and business names, for case reads and the applicant side. */
export interface InvitationView {
  id: string;
  case_id: string;
  customer_id: string;
  business_id: string;
  business_name: string;
  applicant_id: string;
  applicant_first_name: string;
  applicant_email: string;
  status: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

/** One entry of a case's trail: a change of state, who or what made it, and why. */
export interface CaseTransitionRow {
  id: string;
  case_id: string;
  from_status: string | null;
  to_status: string;
  mover: string;
  actor_id: string | null;
  policy_version: number | null;
  rule_ids: string[];
  reason_code: string | null;
  note: string | null;
  facts: unknown;
  created_at: Date;
}

/** How a case was opened. */
export type CaseOrigin = 'INVITATION' | 'ADDED';

/** A case to open (`OPEN`), as stored. */
export interface NewCaseRow {
  id?: string;
  customer_id: string;
  business_id: string;
  applicant_id: string | null;
  origin: CaseOrigin;
  created_by: string;
}

/**
 * The statement parts opening `rows` as `OPEN` cases, each trail starting with who opened it, for a
 * caller's chained statement (`runChained`); and the cases' ids in order.
 */
export function openCasesParts(db: Knex | Knex.Transaction, rows: readonly NewCaseRow[]): { ids: string[]; parts: StatementPart[] } {
  const stored = rows.map((row) => ({ ...row, id: row.id ?? randomUUID(), status: 'OPEN', updated_by: row.created_by }));
  const trail = stored.map((row) => ({ case_id: row.id, customer_id: row.customer_id, from_status: null, to_status: 'OPEN', mover: 'customer', actor_id: row.created_by }));
  const parts = [...jsonRowsParts(db as Knex, { table: 'cases.cases', rows: stored }), ...jsonRowsParts(db as Knex, { table: 'cases.case_transitions', rows: trail })];
  return { ids: stored.map((row) => row.id), parts };
}

/** Opens `rows` as `OPEN` cases in `trx` (`openCasesParts`); answers their ids in order. */
async function openCaseRows(trx: Knex.Transaction, rows: NewCaseRow[]): Promise<string[]> {
  const { ids, parts } = openCasesParts(trx, rows);
  await runChained(trx, parts);
  return ids;
}

/** The sort kinds by the columns the list's statement names (`c.` the case). */
const kindsOfColumns = Object.fromEntries(Object.entries(CASE_SORT_KINDS).map(([field, kind]) => [`c.${field}`, kind]));

/**
 * Whether the newest SUCCESS score of the case's business has `riskLevel` (newest as the score
 * directory's readers take it: created_at, then id), for each case the list considers: it reads
 * only that business's scores (score migration 0015's scores_newest_success, an index of exactly this filter and order), never every score.
 */
function newestScoreAt(db: Knex, riskLevel: string): Knex.QueryBuilder {
  const newest = `(select s.risk_level from ${SCORE_DIRECTORY_VIEW} as s where s.business_id = c.business_id and s.status = 'SUCCESS'
    order by s.created_at desc, s.id desc limit 1) as newest`;
  return db.select(db.raw('1')).fromRaw(newest).where('newest.risk_level', riskLevel);
}

/** SQL of cases: opening one (in the caller's transaction), reading cases and their invitations. */
export function createPgCaseStore(db: Knex) {
  const invitations = () =>
    db('cases.invitations as i')
      .join('cases.applicants as a', 'a.id', 'i.applicant_id')
      .join('cases.businesses as b', 'b.id', 'i.business_id')
      .select<InvitationView[]>(
        'i.id',
        'i.case_id',
        'i.customer_id',
        'i.business_id',
        'b.name as business_name',
        'i.applicant_id',
        'a.first_name as applicant_first_name',
        'a.email as applicant_email',
        'i.status',
        'i.expires_at',
        'i.used_at',
        'i.created_at',
      );
  return {
    /** Opens a case in `trx`; answers its id. */
    async insertCase(trx: Knex.Transaction, row: NewCaseRow): Promise<string> {
      const [id] = await openCaseRows(trx, [row]);
      return id;
    },
    /** Opens cases in `trx` (`OPEN`, each trail starting with its opening); answers their ids in order. */
    insertCases: openCaseRows,
    /** A case's trail, oldest first. */
    trailOf(caseId: string): Promise<CaseTransitionRow[]> {
      return db<CaseTransitionRow>('cases.case_transitions').where({ case_id: caseId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
    },
    findCase(id: string): Promise<CaseRow | undefined> {
      return db<CaseRow>('cases.cases').where({ id }).first();
    },
    invitationsOfCases(caseIds: string[]): Promise<InvitationView[]> {
      return caseIds.length === 0 ? Promise.resolve([]) : invitations().whereIn('i.case_id', caseIds).orderBy('i.created_at');
    },
    findInvitation(id: string): Promise<InvitationView | undefined> {
      return invitations().where('i.id', id).first();
    },
    /**
     * One page of a customer's cases (`readKeysetPage`: page numbers or a cursor). A risk level is
     * matched against the business's newest successful score, read in the same statement through
     * the score area's published view (only that business's scores, for each case considered).
     */
    list(query: CaseListCriteria): Promise<{ rows: CaseRow[]; total: number; next: KeysetPosition | null }> {
      const matches = () => {
        const base = db('cases.cases as c').where('c.customer_id', query.customerId);
        for (const [column, value] of Object.entries(query.filter)) if (value !== undefined) base.andWhere(`c.${column}`, value);
        if (query.statusChangedBefore) base.andWhere('c.status_changed_at', '<', query.statusChangedBefore);
        if (query.riskLevel) base.whereExists(newestScoreAt(db, query.riskLevel));
        if (query.awaitingConfirmation !== undefined) base.andWhere((w) => (query.awaitingConfirmation ? w.whereNotNull('c.pending_decision') : w.whereNull('c.pending_decision')));
        return base;
      };
      const order = { sort: query.sort.map(([field, direction]) => [`c.${field}`, direction] as const), kinds: kindsOfColumns, id: 'c.id' };
      return readKeysetPage<CaseRow>(db, { matches, order, page: query, columns: ['c.*'] });
    },
  };
}

/** The case store type, for injection. */
export type CaseStore = ReturnType<typeof createPgCaseStore>;
