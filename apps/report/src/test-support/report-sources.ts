import { randomUUID } from 'node:crypto';
import type { ReportTestApp } from './report-test-app';

/** A business of `customerId` with the public records, BJL records and score the other areas would publish. */
export async function reportableBusiness(t: ReportTestApp, customerId: string, name = 'Longwood Dental'): Promise<string> {
  const id = randomUUID();
  await t.business({
    id,
    customerId,
    name,
    tinMasked: 'XXXXX6789',
    owners: [
      { firstName: 'Ann', lastName: 'Lee', ssnMasked: 'XXXXX1234', ownershipPercentage: 60 },
      { firstName: 'Bo', lastName: 'Ray', ownerType: 'BENEFICIARY', ssnMasked: 'XXXXX9876', ownershipPercentage: 40 },
    ],
  });
  await t.integration.put(id, {
    publicRecords: {
      taskId: randomUUID(),
      platformId: 100,
      summary: {
        number_of_business_liens: '2',
        most_recent_business_lien_status: 'active',
        number_of_bankruptcies: '0',
        number_of_judgement_fillings: '1',
        corporate_filing_business_name: `${name} LLC`,
        corporate_filing_filling_date: '2015-03-02T00:00:00.000Z',
        corporate_filing_incorporation_state: 'FL',
        corporate_filing_corporation_type: 'Limited Liability Company',
        corporate_filing_secretary_of_state_status: 'Active',
        average_rating: '4.30',
        reviews: [{ source: 'Google', count: 84, percentage: '100.00' }],
        compalint_statistics: { count_of_complaints_all_time: 3 },
        additional_records: { number_of_employees: '23' },
      },
    },
    bjl: [
      { kind: 'LIEN', filingDate: new Date('2025-05-15T00:00:00Z'), status: 'active', amount: 4445 },
      { kind: 'LIEN', filingDate: new Date('2023-02-01T00:00:00Z'), status: 'released', amount: 1200 },
      { kind: 'JUDGEMENT', filingDate: new Date('2024-06-01T00:00:00Z'), status: 'satisfied', amount: 800 },
    ],
  });
  const factor = (code: string, label: string, score: number) => ({ code, label, value: score / 10, score_100: score, weighted_score_850: (300 + 5.5 * score) / 4, weightage: 50, status: 'SUCCESS' });
  await t.scores.put({
    id: randomUUID(),
    businessId: id,
    version: '2.2',
    weightageConfigId: randomUUID(),
    weightedScore100: 74.55,
    weightedScore850: 710.03,
    riskLevel: 'LOW',
    decision: 'APPROVE',
    reasonCodes: [{ code: 'R01', factor_code: 'JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER', reason: 'Active liens and judgements total USD 4,445', points_lost_850: 21.3 }],
    distribution: [
      {
        code: 'PUBLIC_RECORDS',
        label: 'Public Records',
        total_weightage: 25,
        score_100: '80.00',
        factors: [factor('JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER', 'Judgements and Liens', 70), factor('SOCIAL_REVIEWS_AI_PLACEHOLDER', 'Social Reviews', 90)],
      },
      {
        code: 'COMPANY_PROFILE',
        label: 'Company Profile',
        total_weightage: 75,
        score_100: '72.70',
        factors: [factor('CREDIT_BUREAU_AI_PLACEHOLDER', 'Credit Bureau', 72.7)],
      },
    ],
  });
  await t.scores.putAlert({
    customerId,
    businessId: id,
    rule: 'NEW_LIEN',
    severity: 'HIGH',
    status: 'OPEN',
    title: 'New lien',
    summary: 'A lien of USD 4,445 was filed on 2025-05-15',
  });
  return id;
}
