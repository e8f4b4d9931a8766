import { randomUUID } from 'node:crypto';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { writeManyPublicRecords } from './public-records-batch.store';
import type { PublicRecordsSummary, PublicRecordsWrite } from './public-records.types';

/* A batch's rows sent as one JSON parameter (ADR 0029): each JSON value stored as it was, JSON null as SQL NULL where it was. */
describe('writing many public records', () => {
  let t: IntegrationTestApp;
  const customerId = randomUUID();
  beforeAll(async () => {
    t = await startIntegrationTestApp();
  });
  afterAll(() => t.close());

  async function taskOf(name: string): Promise<{ businessId: string; taskId: string }> {
    const businessId = randomUUID();
    await t.business({ id: businessId, customerId, name });
    const [task] = await t.db('integration.integration_tasks').insert({ business_id: businessId, customer_id: customerId, job_id: `test-${businessId}`, provider: 'sandbox' }).returning('id');
    return { businessId, taskId: task.id as string };
  }

  const write = (ids: { businessId: string; taskId: string }, summary: object, financials: PublicRecordsWrite['financials']): PublicRecordsWrite => ({
    ...ids,
    provider: 'sandbox',
    platformId: 7,
    summary: summary as PublicRecordsSummary,
    records: [],
    financials,
    financialsProvider: 'sandbox-financials',
    at: new Date('2026-11-27T10:11:12.345Z'),
  });

  it('stores each summary and financial profile as the JSON given, and a missing statement or bureau report as NULL', async () => {
    const full = await taskOf('Full Financials Co');
    const none = await taskOf('No Financials Co');
    // Key order, awkward text and numbers are kept as they were written (json, not jsonb).
    const summary = { z_last: 1, a_first: 'quote " backslash \\ emoji 🦷', nested: { amount: 1200.5, list: [null, true] } };
    const statements = [{ year: 2025, revenue: 1_000_000, net_income: 120_000 }];
    const bureau = { score: 70, delinquent_accounts: 1 };
    const written = await t.db.transaction((trx) =>
      writeManyPublicRecords(trx, [write(full, summary, { statements: statements as never, creditBureau: bureau as never }), write(none, summary, { statements: null, creditBureau: null })]),
    );
    expect(written).toEqual(new Set([full.businessId, none.businessId]));

    const record = await t.db.raw(`select summary::text as summary, platform_id, provider, created_at from integration.public_records where business_id = ?`, [full.businessId]);
    expect(record.rows[0]).toEqual({ summary: JSON.stringify(summary), platform_id: 7, provider: 'sandbox', created_at: new Date('2026-11-27T10:11:12.345Z') });
    const profiles = await t.db.raw(
      `select business_id, statements::text as statements, credit_bureau::text as credit_bureau, provider from integration.financial_profiles where business_id = any(?::uuid[])`,
      [[full.businessId, none.businessId]],
    );
    const byBusiness = new Map(profiles.rows.map((row: { business_id: string }) => [row.business_id, row]));
    expect(byBusiness.get(full.businessId)).toEqual({ business_id: full.businessId, statements: JSON.stringify(statements), credit_bureau: JSON.stringify(bureau), provider: 'sandbox-financials' });
    expect(byBusiness.get(none.businessId)).toEqual({ business_id: none.businessId, statements: null, credit_bureau: null, provider: 'sandbox-financials' });
  });
});
