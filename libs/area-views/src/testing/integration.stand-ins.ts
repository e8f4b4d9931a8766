import { randomUUID } from 'node:crypto';
import type { Knex } from '@kyb/db';
import { WATCHLIST_HIT_DIRECTORY_VIEW, type WatchlistHitEntry } from '../integration/watchlist-hit-directory';
import { BJL_RECORD_DIRECTORY_VIEW, type BjlEntry, FINANCIAL_PROFILE_DIRECTORY_VIEW, type FinancialProfileEntry, PUBLIC_RECORDS_DIRECTORY_VIEW, type PublicRecordsEntry } from '../integration/integration-directory';
import { CLASSIFICATION_DIRECTORY_VIEW, type ClassificationEntry, VERIFICATION_DIRECTORY_VIEW, type VerificationEntry } from '../integration/verification-directory';
import { ENRICHMENT_TASK_DIRECTORY_VIEW } from '../integration/enrichment-task-directory';
import { MATCH_SCREENING_DIRECTORY_VIEW, type MatchedMerchantEntry, type MatchScreeningEntry } from '../integration/match-screening-directory';

/** An entry as a test puts it: the provider defaults to `sandbox`, the time to `at` or now. */
type Sourced<T extends { provider: string; updatedAt: Date }> = Omit<T, 'updatedAt' | 'provider'> & { provider?: string };

/** For tests of areas that read the integration directory: tables with the views' contract. */
export async function createIntegrationDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists integration');
  await db.raw(`create table if not exists ${PUBLIC_RECORDS_DIRECTORY_VIEW} (business_id uuid primary key, business_integration_task_id uuid not null,
    platform_id integer not null, summary json not null, updated_at timestamptz not null default now(), provider text not null default 'sandbox')`);
  await db.raw(`create table if not exists ${BJL_RECORD_DIRECTORY_VIEW} (business_id uuid not null, kind text not null,
    filing_date timestamptz not null, status text not null, amount numeric(14,2), provider text, record_id text)`);
  await db.raw(`create table if not exists ${FINANCIAL_PROFILE_DIRECTORY_VIEW} (business_id uuid primary key, statements json,
    credit_bureau json, updated_at timestamptz not null default now(), provider text not null default 'sandbox')`);
  return {
    async put(
      businessId: string,
      entry: { publicRecords?: Sourced<PublicRecordsEntry>; bjl?: BjlEntry[]; financials?: Sourced<FinancialProfileEntry>; at?: Date },
    ) {
      if (entry.publicRecords) {
        const { taskId, platformId, summary, provider = 'sandbox' } = entry.publicRecords;
        await db(PUBLIC_RECORDS_DIRECTORY_VIEW)
          .insert({ business_id: businessId, business_integration_task_id: taskId, platform_id: platformId, summary: JSON.stringify(summary), provider, updated_at: entry.at ?? new Date() })
          .onConflict('business_id')
          .merge();
      }
      if (entry.bjl) {
        await db(BJL_RECORD_DIRECTORY_VIEW).where({ business_id: businessId }).delete();
        for (const r of entry.bjl) {
          await db(BJL_RECORD_DIRECTORY_VIEW).insert({
            business_id: businessId,
            kind: r.kind,
            filing_date: r.filingDate,
            status: r.status,
            amount: r.amount,
            provider: r.provider ?? null,
            record_id: r.recordId ?? null,
          });
        }
      }
      if (entry.financials) {
        const { statements, creditBureau, provider = 'sandbox' } = entry.financials;
        await db(FINANCIAL_PROFILE_DIRECTORY_VIEW)
          .insert({
            business_id: businessId,
            statements: statements === null ? null : JSON.stringify(statements),
            credit_bureau: creditBureau === null ? null : JSON.stringify(creditBureau),
            provider,
            updated_at: entry.at ?? new Date(),
          })
          .onConflict('business_id')
          .merge();
      }
    },
  };
}

/** For tests of areas that read verification or classification: tables with the views' contract. */
export async function createVerificationDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists integration');
  await db.raw(`create table if not exists ${VERIFICATION_DIRECTORY_VIEW} (business_id uuid primary key, status text not null,
    checks jsonb not null, verified_at timestamptz not null default now(), status_changed_at timestamptz not null default now())`);
  await db.raw(`create table if not exists ${CLASSIFICATION_DIRECTORY_VIEW} (business_id uuid primary key, naics_code text,
    mcc_code text, provider text not null, classified_at timestamptz not null default now())`);
  return {
    async putVerification(entry: Pick<VerificationEntry, 'businessId' | 'status'> & Partial<VerificationEntry>): Promise<void> {
      const at = entry.verifiedAt ?? new Date();
      await db(VERIFICATION_DIRECTORY_VIEW)
        .insert({
          business_id: entry.businessId,
          status: entry.status,
          checks: JSON.stringify(entry.checks ?? []),
          verified_at: at,
          status_changed_at: entry.statusChangedAt ?? at,
        })
        .onConflict('business_id')
        .merge();
    },
    async putClassification(entry: Pick<ClassificationEntry, 'businessId'> & Partial<ClassificationEntry>): Promise<void> {
      await db(CLASSIFICATION_DIRECTORY_VIEW)
        .insert({
          business_id: entry.businessId,
          naics_code: entry.naicsCode ?? null,
          mcc_code: entry.mccCode ?? null,
          provider: entry.provider ?? 'sandbox',
          classified_at: entry.classifiedAt ?? new Date(),
        })
        .onConflict('business_id')
        .merge();
    },
  };
}

/**
 * For tests of areas that read enrichment tasks (the score area's recovery sweep): a table with
 * the view's contract, so they run without the integration area's migrations.
 */
export async function createEnrichmentTaskDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists integration');
  await db.raw(`create table if not exists ${ENRICHMENT_TASK_DIRECTORY_VIEW} (id uuid primary key default gen_random_uuid(),
    business_id uuid not null, status text not null, completed_at timestamptz)`);
  return {
    /** Records a task as the integration area would publish it; answers its id. */
    async put(task: { id?: string; businessId: string; status: 'PENDING' | 'IN_PROGRESS' | 'SUCCEEDED' | 'FAILED'; completedAt?: Date | null }): Promise<string> {
      const [{ id }] = await db(ENRICHMENT_TASK_DIRECTORY_VIEW)
        .insert({ ...(task.id ? { id: task.id } : {}), business_id: task.businessId, status: task.status, completed_at: task.completedAt ?? null })
        .returning('id');
      return id;
    },
  };
}

/** A hit as a test puts it: ids, list, entry and names default to a fictional SDN entity's. */
export type StandInWatchlistHit = Partial<Omit<WatchlistHitEntry, 'businessId'>> & { businessId: string; customerId?: string };

/** For tests of areas that read sanctions hits: a table with the view's contract. */
export async function createWatchlistHitDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists integration');
  await db.raw(`create table if not exists ${WATCHLIST_HIT_DIRECTORY_VIEW} (id uuid primary key, customer_id uuid not null, business_id uuid not null,
    subject_role text not null, subject_ref uuid not null, list text not null, list_version text not null, entry_id text not null, entry_name text not null,
    entry_type text not null, programs jsonb not null, matched_name text not null, alias jsonb, score numeric(5,4) not null, reason text not null,
    status text not null, reviewed_at timestamptz, created_at timestamptz not null default now())`);
  return {
    async put(hit: StandInWatchlistHit): Promise<string> {
      const id = hit.id ?? randomUUID();
      await db(WATCHLIST_HIT_DIRECTORY_VIEW).insert({
        id,
        customer_id: hit.customerId ?? randomUUID(),
        business_id: hit.businessId,
        subject_role: hit.subjectRole ?? 'legal_name',
        subject_ref: hit.subjectRef ?? hit.businessId,
        list: hit.list ?? 'ofac-sdn',
        list_version: hit.listVersion ?? randomUUID(),
        entry_id: hit.entryId ?? '90001',
        entry_name: hit.entryName ?? 'NORTHWIND MARITIME TRADING LLC',
        entry_type: hit.entryType ?? 'entity',
        programs: JSON.stringify(hit.programs ?? ['SDGT']),
        matched_name: hit.matchedName ?? hit.entryName ?? 'NORTHWIND MARITIME TRADING LLC',
        alias: hit.alias ? JSON.stringify(hit.alias) : null,
        score: hit.score ?? 0.97,
        reason: hit.reason ?? "Every word of the name matched the listed name 'NORTHWIND MARITIME TRADING LLC'.",
        status: hit.status ?? 'OPEN',
        reviewed_at: hit.reviewedAt ?? null,
        ...(hit.createdAt ? { created_at: hit.createdAt } : {}),
      });
      return id;
    },
    /** Takes a hit away, as a dismissal or a delisting would. */
    async remove(id: string): Promise<void> {
      await db(WATCHLIST_HIT_DIRECTORY_VIEW).where({ id }).delete();
    },
  };
}

/** A matched merchant as a screening's outcome stores it (`merchant`, with its terminated merchant). */
const storedMerchant = (m: MatchedMerchantEntry) => ({
  ...m.comparisons,
  terminatedMerchant: { name: m.name, terminationReasonCode: m.reasonCode, terminationReason: m.reason, terminationDate: m.terminatedOn, addedByIca: m.addedByIca },
});

/** For tests of areas that read MATCH screenings: a table with the view's contract (one row per business: its newest screening). */
export async function createMatchScreeningDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists integration');
  await db.raw(`create table if not exists ${MATCH_SCREENING_DIRECTORY_VIEW} (id uuid, customer_id uuid, business_id uuid primary key, status text,
    provider text, match_result text, created_at timestamptz, completed_at timestamptz, updated_at timestamptz, matched_merchants jsonb not null default '[]'::jsonb)`);
  return {
    /** Makes `entry` the business's newest screening (its matched merchants stored as the integration area stores them). */
    async put(entry: Pick<MatchScreeningEntry, 'businessId' | 'status'> & Partial<MatchScreeningEntry>): Promise<void> {
      const at = entry.updatedAt ?? new Date();
      await db(MATCH_SCREENING_DIRECTORY_VIEW)
        .insert({
          id: entry.id ?? randomUUID(),
          customer_id: entry.customerId ?? randomUUID(),
          business_id: entry.businessId,
          status: entry.status,
          provider: entry.provider ?? 'sandbox',
          match_result: entry.result ?? null,
          created_at: entry.createdAt ?? at,
          completed_at: entry.completedAt ?? (entry.status === 'COMPLETED' ? at : null),
          updated_at: at,
          matched_merchants: JSON.stringify((entry.matchedMerchants ?? []).map(storedMerchant)),
        })
        .onConflict('business_id')
        .merge();
    },
  };
}
