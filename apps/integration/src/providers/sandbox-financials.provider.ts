import type { BusinessProfile } from './business-profile';
import type { CreditBureauReport, FinancialStatement, FinancialsProvider, ProviderFinancials } from './financials.provider';
import { createSeededRandom, sha256Hex, type SeededRandom } from './seeded-random';

/** Words that steer the sandbox financials when a word of the business's name starts with them. */
export const SANDBOX_FINANCIALS_TRIGGERS = {
  nofinancials: 'No financial statements: the financial factors of the score say their input is missing.',
  nobureau: 'No credit bureau report: the credit bureau factor says its input is missing.',
  distressed: 'Shrinking revenue, losses, heavy debt and a poor bureau score with delinquencies.',
  thriving: 'Growing revenue, healthy margins, little debt and a strong bureau score.',
} as const;

type Trigger = keyof typeof SANDBOX_FINANCIALS_TRIGGERS;
type Health = 'distressed' | 'average' | 'thriving';

/** The last fiscal year the sandbox reports (fixed, so the same business always gets the same statements). */
const LAST_YEAR = 2025;
const round = (n: number) => Math.round(n);

function triggersIn(name: string): Set<Trigger> {
  const words = name.toLowerCase().split(/[^a-z0-9]+/);
  return new Set((Object.keys(SANDBOX_FINANCIALS_TRIGGERS) as Trigger[]).filter((t) => words.some((w) => w.startsWith(t))));
}

/** Three years of statements whose ratios follow the business's health. */
function statements(random: SeededRandom, health: Health): FinancialStatement[] {
  const growth = { distressed: random.between(-0.25, -0.08), average: random.between(-0.02, 0.12), thriving: random.between(0.12, 0.35) }[health];
  const margin = { distressed: random.between(-0.18, -0.04), average: random.between(0.02, 0.09), thriving: random.between(0.1, 0.2) }[health];
  const leverage = { distressed: random.between(0.8, 1.1), average: random.between(0.4, 0.65), thriving: random.between(0.15, 0.35) }[health];
  const liquidity = { distressed: random.between(0.5, 0.9), average: random.between(1.1, 1.8), thriving: random.between(2, 3.2) }[health];
  let revenue = random.between(400_000, 8_000_000);
  const years: FinancialStatement[] = [];
  for (let year = LAST_YEAR - 2; year <= LAST_YEAR; year += 1) {
    if (year > LAST_YEAR - 2) revenue *= 1 + growth;
    const totalAssets = revenue * random.between(0.6, 1.2);
    const totalLiabilities = totalAssets * leverage;
    const currentLiabilities = totalLiabilities * random.between(0.35, 0.6);
    const currentAssets = currentLiabilities * liquidity;
    const cash = currentAssets * random.between(0.2, 0.45);
    const inventory = currentAssets * random.between(0.1, 0.3);
    const netIncome = revenue * margin;
    const interestExpense = totalLiabilities * random.between(0.03, 0.07);
    const depreciation = totalAssets * random.between(0.02, 0.05);
    const costOfGoodsSold = revenue * random.between(0.35, 0.6);
    years.push({
      year,
      revenue: round(revenue),
      costOfGoodsSold: round(costOfGoodsSold),
      operatingExpenses: round(revenue - costOfGoodsSold - netIncome - interestExpense),
      interestExpense: round(interestExpense),
      depreciation: round(depreciation),
      netIncome: round(netIncome),
      totalAssets: round(totalAssets),
      currentAssets: round(currentAssets),
      cash: round(cash),
      receivables: round(currentAssets - cash - inventory),
      inventory: round(inventory),
      totalLiabilities: round(totalLiabilities),
      currentLiabilities: round(currentLiabilities),
      equity: round(totalAssets - totalLiabilities),
      operatingCashFlow: round(netIncome + depreciation + revenue * random.between(-0.02, 0.04)),
    });
  }
  return years;
}

function bureau(random: SeededRandom, health: Health): CreditBureauReport {
  const [low, high] = { distressed: [8, 35], average: [45, 78], thriving: [80, 98] }[health];
  return { score: random.int(low, high), delinquentAccounts: health === 'distressed' ? random.int(2, 6) : health === 'average' ? random.int(0, 1) : 0 };
}

/**
 * The deterministic sandbox of financial data: the same business always gets the same three
 * years of statements and the same bureau report; {@link SANDBOX_FINANCIALS_TRIGGERS} steer it.
 */
export function createSandboxFinancialsProvider(): FinancialsProvider {
  return {
    name: 'sandbox',
    async fetchFinancials(business: BusinessProfile): Promise<ProviderFinancials> {
      const seed = sha256Hex(`${business.id}\0${business.name}\0financials`);
      const triggers = triggersIn(business.name);
      const health: Health = triggers.has('distressed') ? 'distressed' : triggers.has('thriving') ? 'thriving' : 'average';
      return {
        statements: triggers.has('nofinancials') ? null : statements(createSeededRandom(`${seed}:statements`), health),
        creditBureau: triggers.has('nobureau') ? null : bureau(createSeededRandom(`${seed}:bureau`), health),
      };
    },
  };
}
