import type { BjlKind, BjlRecord, ComplaintResolutions, ProviderPublicRecords } from '../providers/public-records.provider';
import type { ComplaintStatistics, PublicRecordsSummary, ReviewStatistics } from './public-records.types';

/**
 * Rounds to two decimals. `toPrecision(12)` first strips binary noise such as
 * 1.005 * 100 = 100.49999999999999, which would otherwise round the wrong way.
 */
function round2(value: number): number {
  return Math.round(Number((value * 100).toPrecision(12))) / 100;
}

/** Decimal text with exactly two places, as the contract shows ratings and shares ("4.60"). */
function decimalText(value: number): string {
  return round2(value).toFixed(2);
}

/** `part` as a percentage of `whole`, rounded to two decimals; 0 when there is no whole. */
function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : round2((part / whole) * 100);
}

function isoOrNull(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function yesNo(value: boolean | null): string {
  if (value === null) return 'N/A';
  return value ? 'Yes' : 'No';
}

/** The latest filing of a kind by date: providers promise no order, so array position means nothing. */
function latestOfKind(records: BjlRecord[], kind: BjlKind): BjlRecord | null {
  let latest: BjlRecord | null = null;
  for (const record of records) {
    if (record.kind !== kind) continue;
    if (latest === null || Date.parse(record.filingDate) > Date.parse(latest.filingDate)) latest = record;
  }
  return latest;
}

function countOfKind(records: BjlRecord[], kind: BjlKind): string {
  return String(records.filter((record) => record.kind === kind).length);
}

/** Star ratings (1 to 5) as a multiset given by its counts, index 0 holding the 1-star (or 0) reviews. */
interface StarCounts {
  counts: readonly number[];
  total: number;
}

/** The star of the review at 0-based position `index` once all reviews are sorted by star. */
function starAt(stars: StarCounts, index: number): number {
  let seen = 0;
  for (let i = 0; i < stars.counts.length; i += 1) {
    seen += stars.counts[i];
    if (index < seen) return i + 1;
  }
  return stars.counts.length;
}

function ratingMean(stars: StarCounts): number {
  if (stars.total === 0) return 0;
  return stars.counts.reduce((sum, count, i) => sum + count * (i + 1), 0) / stars.total;
}

function reviewStatistics(records: ProviderPublicRecords, stars: StarCounts): ReviewStatistics {
  const { total, counts } = stars;
  const mean = ratingMean(stars);
  // Population variance: these are all the reviews there are, not a sample of them.
  const variance = total === 0 ? 0 : counts.reduce((sum, count, i) => sum + count * (i + 1 - mean) ** 2, 0) / total;
  const median = total === 0 ? 0 : total % 2 === 1 ? starAt(stars, (total - 1) / 2) : (starAt(stars, total / 2 - 1) + starAt(stars, total / 2)) / 2;
  const present = counts.flatMap((count, i) => (count > 0 ? [i + 1] : []));
  return {
    count_of_total_reviewers_all_time: records.reviewers.total,
    count_of_duplicate_reviewers_all_time: records.reviewers.duplicate,
    min_rating_all_time: present.length === 0 ? 0 : Math.min(...present),
    median_rating_all_time: round2(median),
    max_rating_all_time: present.length === 0 ? 0 : Math.max(...present),
    standard_deviation_of_rating_all_time: round2(Math.sqrt(variance)),
    variance_of_rating_all_time: round2(variance),
    count_of_0_or_1_star_ratings_all_time: counts[0],
    count_of_2_star_ratings_all_time: counts[1],
    count_of_3_star_ratings_all_time: counts[2],
    count_of_4_star_ratings_all_time: counts[3],
    count_of_5_star_ratings_all_time: counts[4],
    percentage_of_0_or_1_star_ratings_all_time: percentage(counts[0], total),
    percentage_of_2_star_ratings_all_time: percentage(counts[1], total),
    percentage_of_3_star_ratings_all_time: percentage(counts[2], total),
    percentage_of_4_star_ratings_all_time: percentage(counts[3], total),
    percentage_of_5_star_ratings_all_time: percentage(counts[4], total),
    count_of_reviews_containing_alert_words_all_time: records.reviewsWithAlertWords,
    percentage_of_reviews_containing_alert_words_all_time: percentage(records.reviewsWithAlertWords, total),
  };
}

function complaintStatistics(complaints: ProviderPublicRecords['complaints']): ComplaintStatistics {
  const total = complaints.cfpb + complaints.ftc;
  const resolution = (status: keyof ComplaintResolutions): [number, number] => [
    complaints.resolutions[status],
    percentage(complaints.resolutions[status], total),
  ];
  const [answered, answeredShare] = resolution('answered');
  const [resolved, resolvedShare] = resolution('resolved');
  const [unanswered, unansweredShare] = resolution('unanswered');
  const [unresolved, unresolvedShare] = resolution('unresolved');
  const [other, otherShare] = resolution('other');
  return {
    count_of_complaints_all_time: total,
    count_of_consumer_financial_protection_bureau_complaints_all_time: complaints.cfpb,
    percentage_of_complaints_containing_alert_words_all_time: percentage(complaints.withAlertWords, total),
    count_of_federal_trade_commission_complaints_all_time: complaints.ftc,
    count_of_answered_resolved_status_all_time: answered,
    percentage_of_answered_resolved_status_all_time: answeredShare,
    count_of_resolved_resolved_status_all_time: resolved,
    percentage_of_resolved_resolved_status_all_time: resolvedShare,
    count_of_unanswered_resolved_status_all_time: unanswered,
    percentage_of_unanswered_resolved_status_all_time: unansweredShare,
    count_of_unresolved_resolved_status_all_time: unresolved,
    percentage_of_unresolved_resolved_status_all_time: unresolvedShare,
    count_of_other_resolved_status_all_time: other,
    percentage_of_other_resolved_status_all_time: otherShare,
  };
}

/**
 * Derives every field of contract 2.2 (all but the row's id, task id and timestamps) from a
 * provider's raw facts. Pure: statistics are computed here rather than trusted from a vendor,
 * so counts and percentages always agree with each other.
 *
 * Rounding: derived non-integers are rounded to two decimals; ratings and review shares are
 * decimal text with two places, `0`/`"0.00"` where there is nothing to divide by.
 */
export function summarisePublicRecords(records: ProviderPublicRecords): PublicRecordsSummary {
  const { ratingCounts, corporateFiling: filing } = records;
  const counts = [ratingCounts.oneOrZero, ratingCounts.two, ratingCounts.three, ratingCounts.four, ratingCounts.five];
  const stars: StarCounts = { counts, total: counts.reduce((sum, count) => sum + count, 0) };
  const sourceTotal = records.reviewSources.reduce((sum, source) => sum + source.count, 0);
  const lien = latestOfKind(records.records, 'LIEN');
  const bankruptcy = latestOfKind(records.records, 'BANKRUPTCY');
  const judgement = latestOfKind(records.records, 'JUDGEMENT');
  const { additional } = records;

  return {
    number_of_business_liens: countOfKind(records.records, 'LIEN'),
    most_recent_business_lien_filing_date: isoOrNull(lien?.filingDate ?? null),
    most_recent_business_lien_status: lien?.status ?? null,
    number_of_bankruptcies: countOfKind(records.records, 'BANKRUPTCY'),
    most_recent_bankruptcy_filing_date: isoOrNull(bankruptcy?.filingDate ?? null),
    number_of_judgement_fillings: countOfKind(records.records, 'JUDGEMENT'),
    most_recent_judgement_filling_date: isoOrNull(judgement?.filingDate ?? null),
    corporate_filing_business_name: filing?.businessName ?? null,
    corporate_filing_filling_date: isoOrNull(filing?.filingDate ?? null),
    corporate_filing_incorporation_state: filing?.incorporationState ?? null,
    corporate_filing_corporation_type: filing?.corporationType ?? null,
    corporate_filing_resgistration_type: filing?.registrationType ?? null,
    corporate_filing_secretary_of_state_status: filing?.secretaryOfStateStatus ?? null,
    corporate_filing_secretary_of_state_status_date: isoOrNull(filing?.secretaryOfStateStatusDate ?? null),
    average_rating: decimalText(ratingMean(stars)),
    monthly_rating: decimalText(records.monthlyRating),
    monthly_rating_date: new Date(records.monthlyRatingDate).toISOString(),
    official_website: records.officialWebsite,
    reviews: records.reviewSources.map(({ source, count }) => ({
      source,
      count,
      percentage: decimalText(sourceTotal === 0 ? 0 : (count / sourceTotal) * 100),
    })),
    review_statistics: reviewStatistics(records, stars),
    compalint_statistics: complaintStatistics(records.complaints),
    additional_records: {
      minority_owned_enterprise: yesNo(additional.minorityOwned),
      woman_owned_enterprise: yesNo(additional.womanOwned),
      veteran_owned_enterprise: yesNo(additional.veteranOwned),
      number_of_employees: additional.employees === null ? 'N/A' : String(additional.employees),
    },
  };
}
