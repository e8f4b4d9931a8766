/*
 * What the read measurements need, made through the API as a client would: the demo owner signed
 * in with its onboarding limit lifted, a page of users, a page of businesses, and one business with
 * its public records, BJL facts, a SUCCESS score and a COMPLETED 360 report.
 */
import {
  addBusiness,
  addBusinesses,
  businessRow,
  hasPublicRecords,
  inviteUser,
  liftOnboardingLimit,
  reportStatus,
  requestReport,
  scoreStatus,
  signIn,
  until,
  type Caller,
} from './api-client';
import type { BenchSettings } from './settings';
import type { BenchWorld } from './world';

/** The demo owner `npm start` seeds (apps/auth bootstrap). */
export const DEMO_EMAIL = 'demo.owner@example.com';
const ADMIN_EMAIL = 'admin@example.com';

/** What was seeded. */
export interface SeededWorld {
  owner: Caller;
  /** A business with public records, BJL facts, a SUCCESS score and a COMPLETED report. */
  businessId: string;
  reportId: string;
}

/** Seeds the suite at `base`. */
export async function seed(base: string, world: BenchWorld, settings: BenchSettings): Promise<SeededWorld> {
  const admin = await signIn(base, '/admin/sign-in', ADMIN_EMAIL, world.adminPassword);
  const owner = await signIn(base, '/customer/sign-in', DEMO_EMAIL, world.demoPassword);
  await liftOnboardingLimit(admin, owner.customerId);
  for (let n = 0; n < 12; n += 1) await inviteUser(owner, n);
  await addBusinesses(owner, Array.from({ length: 30 }, (_row, n) => businessRow('page', n)));
  const businessId = await addBusiness(owner, businessRow('read', 0));
  await until('the read business to have public records', () => hasPublicRecords(owner, businessId), settings.journeyTimeoutMs, 20);
  await until('the read business to have a SUCCESS score', async () => (await scoreStatus(owner, businessId)) === 'SUCCESS', settings.journeyTimeoutMs, 20);
  const reportId = await requestReport(owner, businessId);
  await until('the read report to be COMPLETED', async () => (await reportStatus(owner, reportId)) === 'COMPLETED', settings.journeyTimeoutMs, 20);
  return { owner, businessId, reportId };
}
