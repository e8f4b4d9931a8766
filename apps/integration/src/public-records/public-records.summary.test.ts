import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProviderPublicRecords } from '../providers/public-records.provider';
import { summarisePublicRecords } from './public-records.summary';

// A copy of ../shared/reference/samples/public-records.response.200.json, kept with the tests.
const sample = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/public-records.response.200.json'), 'utf8')) as {
  data: { public_records: Record<string, unknown> };
};
const { id: _id, business_integration_task_id: _task, created_at: _created, updated_at: _updated, ...sampleSummary } = sample.data.public_records;

const empty: ProviderPublicRecords = {
  corporateFiling: null,
  officialWebsite: null,
  reviewSources: [],
  ratingCounts: { oneOrZero: 0, two: 0, three: 0, four: 0, five: 0 },
  reviewers: { total: 0, duplicate: 0 },
  reviewsWithAlertWords: 0,
  monthlyRating: 4.6,
  monthlyRatingDate: '2024-12-01T00:00:00.000Z',
  complaints: { cfpb: 0, ftc: 0, withAlertWords: 0, resolutions: { answered: 0, resolved: 0, unanswered: 0, unresolved: 0, other: 0 } },
  additional: { minorityOwned: null, womanOwned: null, veteranOwned: null, employees: null },
  records: [],
};

/**
 * Worked example. Stars sorted: 1 1 2 3 4 4 5 5 (8 reviews).
 * mean = 25 / 8 = 3.125 -> "3.13"; median = (3 + 4) / 2 = 3.5;
 * variance = (2(-2.125)^2 + (-1.125)^2 + (-0.125)^2 + 2(0.875)^2 + 2(1.875)^2) / 8 = 18.875 / 8 = 2.359375 -> 2.36;
 * standard deviation = sqrt(2.359375) = 1.536... -> 1.54.
 */
const worked: ProviderPublicRecords = {
  corporateFiling: {
    businessName: 'Acme Widgets LLC',
    filingDate: '2015-04-01',
    incorporationState: 'FL',
    corporationType: 'Limited Liability Company',
    registrationType: 'Domestic',
    secretaryOfStateStatus: 'Active',
    secretaryOfStateStatusDate: '2026-02-10T12:00:00+02:00',
  },
  officialWebsite: 'https://acme.example',
  reviewSources: [
    { source: 'Google', count: 5 },
    { source: 'Yelp', count: 3 },
  ],
  ratingCounts: { oneOrZero: 2, two: 1, three: 1, four: 2, five: 2 },
  reviewers: { total: 7, duplicate: 1 },
  reviewsWithAlertWords: 3,
  monthlyRating: 3.456,
  monthlyRatingDate: '2026-09-01',
  complaints: { cfpb: 4, ftc: 2, withAlertWords: 1, resolutions: { answered: 1, resolved: 3, unanswered: 1, unresolved: 1, other: 0 } },
  additional: { minorityOwned: true, womanOwned: false, veteranOwned: null, employees: 42 },
  records: [
    { kind: 'LIEN', providerRecordId: 'l-1', filingDate: '2021-06-01T00:00:00.000Z', status: 'released', amount: 1200.5 },
    { kind: 'LIEN', providerRecordId: 'l-2', filingDate: '2024-03-05T10:00:00+02:00', status: 'active', amount: 800 },
    { kind: 'LIEN', providerRecordId: 'l-3', filingDate: '2019-01-15T00:00:00.000Z', status: 'active', amount: 99.99 },
    { kind: 'BANKRUPTCY', providerRecordId: 'b-1', filingDate: '2020-01-01T00:00:00.000Z', status: 'discharged', amount: null },
    { kind: 'JUDGEMENT', providerRecordId: 'j-1', filingDate: '2018-08-08T00:00:00.000Z', status: 'satisfied', amount: 5000 },
    { kind: 'JUDGEMENT', providerRecordId: 'j-2', filingDate: '2023-08-08T00:00:00.000Z', status: 'active', amount: 7000 },
  ],
};

describe('summarisePublicRecords', () => {
  it('derives the rating statistics of the worked example from the star counts', () => {
    const summary = summarisePublicRecords(worked);
    expect(summary.average_rating).toBe('3.13');
    expect(summary.monthly_rating).toBe('3.46');
    expect(summary.monthly_rating_date).toBe('2026-09-01T00:00:00.000Z');
    expect(summary.review_statistics).toEqual({
      count_of_total_reviewers_all_time: 7,
      count_of_duplicate_reviewers_all_time: 1,
      min_rating_all_time: 1,
      median_rating_all_time: 3.5,
      max_rating_all_time: 5,
      standard_deviation_of_rating_all_time: 1.54,
      variance_of_rating_all_time: 2.36,
      count_of_0_or_1_star_ratings_all_time: 2,
      count_of_2_star_ratings_all_time: 1,
      count_of_3_star_ratings_all_time: 1,
      count_of_4_star_ratings_all_time: 2,
      count_of_5_star_ratings_all_time: 2,
      percentage_of_0_or_1_star_ratings_all_time: 25,
      percentage_of_2_star_ratings_all_time: 12.5,
      percentage_of_3_star_ratings_all_time: 12.5,
      percentage_of_4_star_ratings_all_time: 25,
      percentage_of_5_star_ratings_all_time: 25,
      count_of_reviews_containing_alert_words_all_time: 3,
      percentage_of_reviews_containing_alert_words_all_time: 37.5,
    });
  });

  it('gives each review site its share of all reviews as decimal text', () => {
    expect(summarisePublicRecords(worked).reviews).toEqual([
      { source: 'Google', count: 5, percentage: '62.50' },
      { source: 'Yelp', count: 3, percentage: '37.50' },
    ]);
  });

  it('takes the median of a single review and of an odd count', () => {
    const one = summarisePublicRecords({ ...empty, ratingCounts: { oneOrZero: 0, two: 0, three: 0, four: 1, five: 0 } });
    expect(one.review_statistics).toMatchObject({ min_rating_all_time: 4, median_rating_all_time: 4, max_rating_all_time: 4, variance_of_rating_all_time: 0 });
    expect(one.average_rating).toBe('4.00');
    const odd = summarisePublicRecords({ ...empty, ratingCounts: { oneOrZero: 1, two: 0, three: 0, four: 0, five: 2 } });
    expect(odd.review_statistics.median_rating_all_time).toBe(5);
    expect(odd.average_rating).toBe('3.67');
  });

  it('counts complaints from both agencies and gives each resolution its share of them', () => {
    expect(summarisePublicRecords(worked).compalint_statistics).toEqual({
      count_of_complaints_all_time: 6,
      count_of_consumer_financial_protection_bureau_complaints_all_time: 4,
      percentage_of_complaints_containing_alert_words_all_time: 16.67,
      count_of_federal_trade_commission_complaints_all_time: 2,
      count_of_answered_resolved_status_all_time: 1,
      percentage_of_answered_resolved_status_all_time: 16.67,
      count_of_resolved_resolved_status_all_time: 3,
      percentage_of_resolved_resolved_status_all_time: 50,
      count_of_unanswered_resolved_status_all_time: 1,
      percentage_of_unanswered_resolved_status_all_time: 16.67,
      count_of_unresolved_resolved_status_all_time: 1,
      percentage_of_unresolved_resolved_status_all_time: 16.67,
      count_of_other_resolved_status_all_time: 0,
      percentage_of_other_resolved_status_all_time: 0,
    });
  });

  it('makes the star-bucket and the resolution percentages add up to 100 within rounding', () => {
    const { review_statistics: r, compalint_statistics: c } = summarisePublicRecords(worked);
    const stars = [
      r.percentage_of_0_or_1_star_ratings_all_time,
      r.percentage_of_2_star_ratings_all_time,
      r.percentage_of_3_star_ratings_all_time,
      r.percentage_of_4_star_ratings_all_time,
      r.percentage_of_5_star_ratings_all_time,
    ];
    expect(stars.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);
    const resolutions = [
      c.percentage_of_answered_resolved_status_all_time,
      c.percentage_of_resolved_resolved_status_all_time,
      c.percentage_of_unanswered_resolved_status_all_time,
      c.percentage_of_unresolved_resolved_status_all_time,
      c.percentage_of_other_resolved_status_all_time,
    ];
    // 16.67 * 4 + 50 = 100.01 here: each share is rounded on its own.
    expect(Math.abs(resolutions.reduce((a, b) => a + b, 0) - 100)).toBeLessThanOrEqual(0.05);
  });

  it('picks the most recent lien, bankruptcy and judgement by filing date, not by array order', () => {
    const summary = summarisePublicRecords(worked);
    expect(summary).toMatchObject({
      number_of_business_liens: '3',
      most_recent_business_lien_filing_date: '2024-03-05T08:00:00.000Z',
      most_recent_business_lien_status: 'active',
      number_of_bankruptcies: '1',
      most_recent_bankruptcy_filing_date: '2020-01-01T00:00:00.000Z',
      number_of_judgement_fillings: '2',
      most_recent_judgement_filling_date: '2023-08-08T00:00:00.000Z',
    });
    const reversed = summarisePublicRecords({ ...worked, records: [...worked.records].reverse() });
    expect(reversed.most_recent_business_lien_filing_date).toBe('2024-03-05T08:00:00.000Z');
  });

  it('passes the corporate filing and additional records through in the contract form', () => {
    expect(summarisePublicRecords(worked)).toMatchObject({
      corporate_filing_business_name: 'Acme Widgets LLC',
      corporate_filing_filling_date: '2015-04-01T00:00:00.000Z',
      corporate_filing_incorporation_state: 'FL',
      corporate_filing_corporation_type: 'Limited Liability Company',
      corporate_filing_resgistration_type: 'Domestic',
      corporate_filing_secretary_of_state_status: 'Active',
      corporate_filing_secretary_of_state_status_date: '2026-02-10T10:00:00.000Z',
      official_website: 'https://acme.example',
      additional_records: { minority_owned_enterprise: 'Yes', woman_owned_enterprise: 'No', veteran_owned_enterprise: 'N/A', number_of_employees: '42' },
    });
  });

  it('when there is nothing on record, gives the zero values of the published sample', () => {
    // The sample's average_rating "4.60" and its Google row sit beside all-zero statistics, so
    // they cannot both come from the same facts; with no reviews the average is "0.00" and
    // there are no review rows.
    expect(summarisePublicRecords(empty)).toEqual({ ...sampleSummary, average_rating: '0.00', reviews: [] });
  });

  it('returns exactly the fields of the sample, less the row id, task id and timestamps', () => {
    const summary = summarisePublicRecords(worked);
    const keys = (value: object): string[] => Object.keys(value).sort();
    expect(keys(summary)).toEqual(keys(sampleSummary));
    for (const nested of ['review_statistics', 'compalint_statistics', 'additional_records'] as const) {
      expect(keys(summary[nested])).toEqual(keys(sampleSummary[nested] as object));
    }
    expect(keys(summary.reviews[0])).toEqual(keys((sampleSummary.reviews as object[])[0]));
  });

  it('rounds half-way shares up despite binary fractions', () => {
    // 1.005 * 100 is 100.49999999999999 in binary floating point: naive rounding gives 1.00.
    expect(summarisePublicRecords({ ...empty, monthlyRating: 1.005 }).monthly_rating).toBe('1.01');
  });
});
