import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import type { Logger } from '@kyb/http';
import { createMasterKeyring, createSealedBox } from '@kyb/secrets';
import {
  createAuditLogStandIn,
  createDataKeyStandIn,
  createBusinessDirectoryStandIn,
  createCustomerDirectoryStandIn,
  createEventFeedStandIns,
  createTinDirectoryStandIn,
  type StandInBusiness,
} from '@kyb/area-views/testing';
import type { AnyOutboxEvent } from '@kyb/db';
import { createDataKeys, dataKeyScope, type DataKeys, type EventSource } from '@kyb/area-views';
import { buildApp } from './area-app';
import type { IntegrationArea, IntegrationAreaDeps } from '../area';
import { integrationMigrations } from '../migrations';

/** The integration app on a database of its own, trusting tokens signed with test keys. */
export interface IntegrationTestApp extends Omit<AreaHarness, 'close' | 'workerConnection' | 'logger'> {
  app: Express;
  area: IntegrationArea;
  dataEncryptionKey: Buffer;
  /** The data keys the area seals with (the auth area's published keys, stood in). */
  dataKeys: DataKeys;
  /** Destroys a customer's data key, as erasing the tenant does. */
  eraseTenant(customerId: string): Promise<void>;
  /** Puts a business (and its owners) in the directory the integration area reads. */
  business(business: StandInBusiness): Promise<void>;
  /** Puts a customer in the directory the integration area reads. */
  customer(customerId: string): Promise<void>;
  /** Puts a business's TIN (sealed, as the case area stores it; null for none) in the TIN directory. */
  tin(businessId: string, tin: string | null): Promise<void>;
  /** Removes a business from the directory, as a deletion in the case area would. */
  removeBusiness(businessId: string): Promise<void>;
  /** Writes an event to an area's outbox, as that area does in the transaction of a change. */
  emit(source: EventSource, event: AnyOutboxEvent): Promise<string>;
  /** What the area's acts appended to the audit log (the auth area's function, stood in). */
  auditEntries(): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

/** Options of {@link startIntegrationTestApp}: providers and settings to use instead of the defaults. */
export type IntegrationTestOptions = Partial<
  Pick<IntegrationAreaDeps, 'publicRecordsProvider' | 'financialsProvider' | 'screeningProvider' | 'screeningSandboxDelayMs' | 'verificationProviders' | 'providerBaseUrls' | 'platformProviders' | 'providerGuard' | 'classifier' | 'webhooks' | 'monitoringTickMinutes'>
> & { workers?: boolean; /** The area's logger instead of the harness's silent one (to read what was logged). */ logger?: Logger };

/** Starts the integration app for one test file. Call in `beforeAll`; `close()` in `afterAll`. */
export async function startIntegrationTestApp(options: IntegrationTestOptions = {}): Promise<IntegrationTestApp> {
  const h = await startAreaHarness([integrationMigrations], 'integration');
  const auditLog = await createAuditLogStandIn(h.db);
  const keyStandIn = await createDataKeyStandIn(h.db);
  const directory = await createBusinessDirectoryStandIn(h.db);
  const customers = await createCustomerDirectoryStandIn(h.db);
  const tins = await createTinDirectoryStandIn(h.db);
  const feeds = await createEventFeedStandIns(h.db, 'integration');
  const dataEncryptionKey = randomBytes(32);
  const sealedBox = createSealedBox(dataEncryptionKey);
  const { workers, logger, ...providers } = options;
  const { app, area } = buildApp({
    db: h.db,
    redis: h.redis,
    redisPrefix: h.redisPrefix,
    dataEncryptionKey,
    clock: h.clock.now,
    logger: logger ?? h.logger,
    tokens: h.tokens,
    screeningSandboxDelayMs: 0,
    ...providers,
  });
  if (workers !== false) await area.startWorkers(h.workerConnection);
  return {
    ...h,
    app,
    area,
    dataEncryptionKey,
    dataKeys: createDataKeys(h.db, createMasterKeyring(dataEncryptionKey)),
    eraseTenant: async (customerId) => void (await keyStandIn.destroy(dataKeyScope(customerId))),
    business: (business) => directory.put(business),
    customer: (id) => customers.put({ id }),
    tin: (businessId, tin) => tins.put(businessId, tin === null ? null : sealedBox.seal(tin)),
    removeBusiness: (businessId) => directory.remove(businessId),
    emit: feeds.emit,
    auditEntries: () => auditLog.entries(),
    close: () => h.close(() => area.stop()),
  };
}

export { eventually } from '@kyb/testing';
