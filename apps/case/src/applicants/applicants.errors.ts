import { NotFoundError } from '@kyb/envelope';

/** An applicant named by id (E5's `existing_applicant_ids`, a row's `applicant_id`) that is not an applicant of the customer. */
export class ApplicantNotFoundError extends NotFoundError {
  constructor() {
    super('Applicant not found', 'BusinessApiError');
  }
}
