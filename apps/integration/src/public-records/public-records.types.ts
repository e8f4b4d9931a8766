import type { ProviderFinancials } from '../providers/financials.provider';
import type { BjlRecord } from '../providers/public-records.provider';
/** `review_statistics` of contract 2.2: all numbers. */
export interface ReviewStatistics {
  count_of_total_reviewers_all_time: number;
  count_of_duplicate_reviewers_all_time: number;
  min_rating_all_time: number;
  median_rating_all_time: number;
  max_rating_all_time: number;
  standard_deviation_of_rating_all_time: number;
  variance_of_rating_all_time: number;
  count_of_0_or_1_star_ratings_all_time: number;
  count_of_2_star_ratings_all_time: number;
  count_of_3_star_ratings_all_time: number;
  count_of_4_star_ratings_all_time: number;
  count_of_5_star_ratings_all_time: number;
  percentage_of_0_or_1_star_ratings_all_time: number;
  percentage_of_2_star_ratings_all_time: number;
  percentage_of_3_star_ratings_all_time: number;
  percentage_of_4_star_ratings_all_time: number;
  percentage_of_5_star_ratings_all_time: number;
  count_of_reviews_containing_alert_words_all_time: number;
  percentage_of_reviews_containing_alert_words_all_time: number;
}

/** `compalint_statistics` of contract 2.2 (the contract's spelling): all numbers. */
export interface ComplaintStatistics {
  count_of_complaints_all_time: number;
  count_of_consumer_financial_protection_bureau_complaints_all_time: number;
  percentage_of_complaints_containing_alert_words_all_time: number;
  count_of_federal_trade_commission_complaints_all_time: number;
  count_of_answered_resolved_status_all_time: number;
  percentage_of_answered_resolved_status_all_time: number;
  count_of_resolved_resolved_status_all_time: number;
  percentage_of_resolved_resolved_status_all_time: number;
  count_of_unanswered_resolved_status_all_time: number;
  percentage_of_unanswered_resolved_status_all_time: number;
  count_of_unresolved_resolved_status_all_time: number;
  percentage_of_unresolved_resolved_status_all_time: number;
  count_of_other_resolved_status_all_time: number;
  percentage_of_other_resolved_status_all_time: number;
}

/**
 * The fields of contract 2.2 derived from a provider's records: everything but `id`,
 * `business_integration_task_id`, `created_at` and `updated_at`. Names and spellings exactly as
 * the contract shows them; counts as strings, dates ISO 8601 or null.
 */
export interface PublicRecordsSummary {
  number_of_business_liens: string;
  most_recent_business_lien_filing_date: string | null;
  most_recent_business_lien_status: string | null;
  number_of_bankruptcies: string;
  most_recent_bankruptcy_filing_date: string | null;
  number_of_judgement_fillings: string;
  most_recent_judgement_filling_date: string | null;
  corporate_filing_business_name: string | null;
  corporate_filing_filling_date: string | null;
  corporate_filing_incorporation_state: string | null;
  corporate_filing_corporation_type: string | null;
  corporate_filing_resgistration_type: string | null;
  corporate_filing_secretary_of_state_status: string | null;
  corporate_filing_secretary_of_state_status_date: string | null;
  /** Decimal text with two places, e.g. `4.60`. */
  average_rating: string;
  monthly_rating: string;
  monthly_rating_date: string;
  official_website: string | null;
  /** Per site: review count and that site's share of all reviews as decimal text. */
  reviews: Array<{ source: string; count: number; percentage: string }>;
  review_statistics: ReviewStatistics;
  compalint_statistics: ComplaintStatistics;
  additional_records: {
    minority_owned_enterprise: string;
    woman_owned_enterprise: string;
    veteran_owned_enterprise: string;
    number_of_employees: string;
  };
}

/** What one finished task writes. */
export interface PublicRecordsWrite {
  businessId: string;
  taskId: string;
  provider: string;
  platformId: number;
  summary: PublicRecordsSummary;
  records: BjlRecord[];
  /** Financial statements and bureau report fetched with the records. */
  financials: ProviderFinancials;
  financialsProvider: string;
  at: Date;
}
