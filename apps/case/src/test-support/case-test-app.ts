import { randomBytes, randomUUID } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import type { Knex } from '@kyb/db';
import { createDataKeys, type ClassificationEntry, type VerificationEntry } from '@kyb/area-views';
import { createMasterKeyring } from '@kyb/secrets';
import {
  createAuditLogStandIn,
  createCustomerDirectoryStandIn,
  createDataKeyStandIn,
  createEventFeedStandIns,
  createIntegrationDirectoryStandIn,
  createInvitationAcceptancesStandIn,
  createMatchScreeningDirectoryStandIn,
  createReviewerDirectoryStandIn,
  createScoreDirectoryStandIn,
  createVerificationDirectoryStandIn,
  createWatchlistHitDirectoryStandIn,
} from '@kyb/area-views/testing';
import { buildApp } from './area-app';
import type { CaseArea } from '../area';
import { caseMigrations } from '../migrations';
import type { MailTransport } from '@kyb/mail';

/** The case app on a database of its own, trusting tokens signed with test keys. */
export interface CaseTestApp extends Omit<AreaHarness, 'close' | 'workerConnection' | 'logger' | 'redisUrl'> {
  app: Express;
  area: CaseArea;
  /** Puts a customer in the directory the case area reads. */
  customer(customer: { id: string; monthly_onboarding_limit?: number | null; features?: Record<string, boolean> }): Promise<void>;
  /** Records, as the auth area would, that an applicant used an invitation. */
  acceptInvitation(invitationId: string, at?: Date): Promise<void>;
  /** Puts a business's latest verification, as the integration area's view would show it. */
  verify(entry: Pick<VerificationEntry, 'businessId' | 'status'> & Partial<VerificationEntry>): Promise<void>;
  /** Puts a provider's classification of a business, as the integration area's view would show it. */
  classify(entry: Pick<ClassificationEntry, 'businessId'> & Partial<ClassificationEntry>): Promise<void>;
  /** Puts a user who may review the customer's cases in the auth area's reviewer directory. */
  reviewer(reviewer: { id: string; customerId: string; active?: boolean }): Promise<void>;
  /** What the area's acts appended to the audit log (the auth area's function, stood in). */
  auditEntries(): Promise<Array<Record<string, unknown>>>;
  /** Opens what the area sealed (with the customer's data key, ADR 0023). */
  open(sealed: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the case app for one test file. Call in `beforeAll`; `close()` in `afterAll`. */
export async function startCaseTestApp(options: { workers?: boolean; mailTransport?: MailTransport } = {}): Promise<CaseTestApp> {
  const h = await startAreaHarness([caseMigrations], 'case');
  const dataEncryptionKey = randomBytes(32);
  const auditLog = await createAuditLogStandIn(h.db);
  await createDataKeyStandIn(h.db);
  const directory = await createCustomerDirectoryStandIn(h.db);
  const acceptances = await createInvitationAcceptancesStandIn(h.db);
  const verifications = await createVerificationDirectoryStandIn(h.db);
  const reviewers = await createReviewerDirectoryStandIn(h.db);
  // What the decision round reads of the other areas (issue 45): their feeds and published views.
  await createEventFeedStandIns(h.db, 'cases');
  await Promise.all([createScoreDirectoryStandIn(h.db), createWatchlistHitDirectoryStandIn(h.db), createIntegrationDirectoryStandIn(h.db), createMatchScreeningDirectoryStandIn(h.db)]);
  const { app, area } = buildApp({
    db: h.db,
    redis: h.redis,
    redisPrefix: h.redisPrefix,
    dataEncryptionKey,
    mailTransport: options.mailTransport,
    clock: h.clock.now,
    logger: h.logger,
    tokens: h.tokens,
  });
  if (options.workers !== false) await area.startWorkers(h.workerConnection);
  return {
    ...h,
    app,
    area,
    customer: (customer) => directory.put(customer),
    acceptInvitation: (invitationId, at = new Date()) => acceptances.put(invitationId, at),
    reviewer: (reviewer) => reviewers.put(reviewer),
    verify: (entry) => verifications.putVerification(entry),
    classify: (entry) => verifications.putClassification(entry),
    auditEntries: () => auditLog.entries(),
    open: (sealed) => createDataKeys(h.db, createMasterKeyring(dataEncryptionKey)).open(sealed),
    close: () => h.close(() => area.stop()),
  };
}

/** E9's `data` for business `id` as `token` reads it (any answer but 200 fails the test); with its owners when `withOwners`. */
export async function readBusinessData(app: Express, token: string, id: string, withOwners = false): Promise<Record<string, unknown> & { owners: unknown[] }> {
  const query = withOwners ? '?fetch_owner_details=true' : '';
  return (await request(app).get(`/case/api/v1/businesses/${id}${query}`).set('Authorization', `Bearer ${token}`).expect(200)).body.data;
}

/** Columns a test may set on a fixture business. */
export interface FixtureBusiness {
  customerId: string;
  name?: string;
  externalId?: string | null;
  tinMasked?: string | null;
  /** The client's codes, stored as sent (no derivation: E12 derives). */
  naicsCode?: string | null;
  mccCode?: string | null;
  industryId?: number | null;
  isMonitoringEnabled?: boolean;
  owners?: Array<{ first_name: string; last_name: string; ssn_masked?: string; ownership_percentage?: number; owner_type?: 'CONTROL' | 'BENEFICIARY' }>;
}

/** Inserts a business with its primary name and address (and owners) straight through SQL. */
export async function insertBusiness(db: Knex, input: FixtureBusiness): Promise<string> {
  const id = randomUUID();
  const actor = randomUUID();
  await db('cases.businesses').insert({
    id,
    customer_id: input.customerId,
    name: input.name ?? 'Test Business',
    tin_masked: input.tinMasked === undefined ? 'XXXXX6789' : input.tinMasked,
    mobile: '+14155550132',
    address_line_1: '1234 Testing Blvd.',
    address_city: 'Longwood',
    address_state: 'FL',
    address_postal_code: '32850',
    address_country: 'US',
    naics_code: input.naicsCode ?? null,
    naics_source: input.naicsCode ? 'client' : null,
    mcc_code: input.mccCode ?? null,
    mcc_source: input.mccCode ? 'client' : null,
    industry_id: input.industryId ?? null,
    industry_source: input.industryId ? 'client' : null,
    is_monitoring_enabled: input.isMonitoringEnabled ?? false,
    ...(input.isMonitoringEnabled ? { subscription_status: 'ACTIVE', subscription_created_at: new Date(), subscription_updated_at: new Date() } : {}),
    external_id: input.externalId === undefined ? null : input.externalId,
    created_by: actor,
    updated_by: actor,
  });
  await db('cases.business_names').insert({ business_id: id, position: 0, name: input.name ?? 'Test Business', is_primary: true });
  await db('cases.business_addresses').insert({
    business_id: id,
    position: 0,
    line_1: '1234 Testing Blvd.',
    city: 'Longwood',
    state: 'FL',
    country: 'US',
    postal_code: '32850',
    mobile: '+14155550132',
    is_primary: true,
  });
  for (const [position, owner] of (input.owners ?? []).entries()) {
    await db('cases.owners').insert({
      business_id: id,
      position,
      title_id: 1,
      first_name: owner.first_name,
      last_name: owner.last_name,
      ssn_masked: owner.ssn_masked ?? null,
      email: `${owner.first_name.toLowerCase()}@example.com`,
      date_of_birth: '1980-01-31',
      line_1: '456 Owner Rd',
      city: 'Brooklyn',
      state: 'NY',
      postal_code: '11201',
      country: 'US',
      ownership_percentage: owner.ownership_percentage ?? null,
      owner_type: owner.owner_type ?? 'CONTROL',
      created_by: actor,
      updated_by: actor,
    });
  }
  return id;
}
