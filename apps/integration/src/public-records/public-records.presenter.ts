import type { PublicRecordsRow } from './public-records.store';
import type { PublicRecords } from './public-records.types';

/** `data.public_records` of E1, keys in the order of the published sample. */
export function presentPublicRecords(row: PublicRecordsRow): PublicRecords {
  const s = row.summary;
  return {
    id: row.id,
    business_integration_task_id: row.business_integration_task_id,
    number_of_business_liens: s.number_of_business_liens,
    most_recent_business_lien_filing_date: s.most_recent_business_lien_filing_date,
    most_recent_business_lien_status: s.most_recent_business_lien_status,
    number_of_bankruptcies: s.number_of_bankruptcies,
    most_recent_bankruptcy_filing_date: s.most_recent_bankruptcy_filing_date,
    number_of_judgement_fillings: s.number_of_judgement_fillings,
    most_recent_judgement_filling_date: s.most_recent_judgement_filling_date,
    corporate_filing_business_name: s.corporate_filing_business_name,
    corporate_filing_filling_date: s.corporate_filing_filling_date,
    corporate_filing_incorporation_state: s.corporate_filing_incorporation_state,
    corporate_filing_corporation_type: s.corporate_filing_corporation_type,
    corporate_filing_resgistration_type: s.corporate_filing_resgistration_type,
    corporate_filing_secretary_of_state_status: s.corporate_filing_secretary_of_state_status,
    corporate_filing_secretary_of_state_status_date: s.corporate_filing_secretary_of_state_status_date,
    average_rating: s.average_rating,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    monthly_rating: s.monthly_rating,
    monthly_rating_date: s.monthly_rating_date,
    official_website: s.official_website,
    reviews: s.reviews,
    review_statistics: s.review_statistics,
    compalint_statistics: s.compalint_statistics,
    additional_records: s.additional_records,
  };
}
