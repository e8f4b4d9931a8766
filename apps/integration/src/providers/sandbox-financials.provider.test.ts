import { randomUUID } from 'node:crypto';
import type { BusinessProfile } from './business-profile';
import { createSandboxFinancialsProvider, SANDBOX_FINANCIALS_TRIGGERS } from './sandbox-financials.provider';

const business = (name: string, id = '7d0f5a34-58b6-4f0e-9f4e-1f3f2b9c9a11'): BusinessProfile => ({
  id,
  customerId: 'c',
  name,
  officialWebsite: null,
  mobile: null,
  addressLine1: null,
  addressCity: null,
  addressState: 'FL',
  addressPostalCode: null,
  addressCountry: 'US',
  owners: [],
});

const provider = createSandboxFinancialsProvider();
const margin = (s: { netIncome: number; revenue: number }) => s.netIncome / s.revenue;

describe('the sandbox financials provider', () => {
  it('gives the same business the same statements and bureau report, three years oldest first', async () => {
    const first = await provider.fetchFinancials(business('Longwood Dental'));
    expect(await createSandboxFinancialsProvider().fetchFinancials(business('Longwood Dental'))).toEqual(first);
    expect(first.statements!.map((s) => s.year)).toEqual([2023, 2024, 2025]);
    expect(first.creditBureau!.score).toBeGreaterThanOrEqual(45);
  });

  it('keeps the balance sheet consistent for many businesses', async () => {
    for (let i = 0; i < 100; i += 1) {
      const { statements, creditBureau } = await provider.fetchFinancials(business(`Business ${i}`, randomUUID()));
      for (const s of statements!) {
        expect(Math.abs(s.totalAssets - s.totalLiabilities - s.equity)).toBeLessThanOrEqual(1);
        expect(Math.abs(s.currentAssets - s.cash - s.inventory - s.receivables)).toBeLessThanOrEqual(2);
        expect(s.currentLiabilities).toBeLessThanOrEqual(s.totalLiabilities);
        expect(Object.values(s).every(Number.isFinite)).toBe(true);
      }
      expect(creditBureau!.score).toBeGreaterThanOrEqual(0);
      expect(creditBureau!.score).toBeLessThanOrEqual(100);
    }
  });

  it('"distressed" shrinks and loses money with delinquencies; "thriving" grows with margins and a strong bureau', async () => {
    const bad = await provider.fetchFinancials(business('Distressed Diner'));
    const good = await provider.fetchFinancials(business('Thriving Threads'));
    const [b0, , b2] = bad.statements!;
    const [g0, , g2] = good.statements!;
    expect(b2.revenue).toBeLessThan(b0.revenue);
    expect(margin(b2)).toBeLessThan(0);
    expect(bad.creditBureau!.delinquentAccounts).toBeGreaterThan(0);
    expect(g2.revenue).toBeGreaterThan(g0.revenue);
    expect(margin(g2)).toBeGreaterThan(0.09);
    expect(good.creditBureau!.score).toBeGreaterThanOrEqual(80);
  });

  it('"nofinancials" and "nobureau" leave those inputs unknown', async () => {
    expect((await provider.fetchFinancials(business('Nofinancials Inc'))).statements).toBeNull();
    expect((await provider.fetchFinancials(business('Nobureau Inc'))).creditBureau).toBeNull();
    expect(Object.keys(SANDBOX_FINANCIALS_TRIGGERS)).toEqual(['nofinancials', 'nobureau', 'distressed', 'thriving']);
  });
});
