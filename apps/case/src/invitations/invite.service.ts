import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { canAccessCustomer, type AuthContext } from '@kyb/auth';
import { withTransaction, type Knex } from '@kyb/db';
import { ValidationError } from '@kyb/envelope';
import type { Logger } from '@kyb/http';
import { enrichmentJobId, mailJobId, type Producer } from '@kyb/queues';
import { dataKeyScope, type DataKeys } from '@kyb/area-views';
import { ApplicantNotFoundError } from '../applicants/applicants.errors';
import type { ApplicantRow, ApplicantStore } from '../applicants/applicants.store';
import { toBusinessRecords } from '../businesses/business-records';
import type { BusinessStore } from '../businesses/businesses.store';
import type { CaseStore } from '../cases/cases.store';
import type { MailOutboxStore } from '../mail/mail-outbox.store';
import { BusinessNotOnboardedError, CaseNotFoundError } from './invite.errors';
import type { InvitationStore } from './invitations.store';
import { isDisposableDomain } from '../applicants/disposable-domains';

/** The E5 body after schema validation. */
export interface InviteInput {
  applicants: Array<{ first_name: string; last_name: string; email: string; mobile?: string }>;
  business?: {
    name: string;
    mobile?: string;
    tin?: string;
    dba?: string;
    address_line_1?: string;
    address_line_2?: string;
    address_city?: string;
    address_state?: string;
    address_postal_code?: string;
  };
  existing_business_id?: string;
  existing_business?: { business_id: string; name: string; is_quick_add?: boolean };
  case_id?: string;
  existing_applicant_ids?: string[];
  esign_template_id?: string;
  esign_templates?: string[];
  custom_field_template_id?: string;
  custom_fields?: Record<string, unknown>;
}

/** Options of {@link createInviteService}. */
export interface InviteServiceOptions {
  db: Knex;
  store: InvitationStore;
  businesses: BusinessStore;
  applicants: ApplicantStore;
  cases: CaseStore;
  outbox: MailOutboxStore;
  /** Seals a new business's TIN and SSNs with the customer's data key. */
  dataKeys: Pick<DataKeys, 'boxFor'>;
  enrichment: Producer<{ businessId: string; customerId: string }>;
  mail: Producer<{ messageId: string }>;
  publicAppUrl: string;
  invitationTtlSeconds: number;
  clock: () => Date;
  logger: Logger;
}

function invitationMail(invitationId: string, applicant: { first_name: string; email: string }, businessName: string, url: string, expiresAt: Date) {
  return {
    invitation_id: invitationId,
    to_email: applicant.email,
    subject: `You are invited to onboard ${businessName}`.slice(0, 200),
    body: [
      `Hello ${applicant.first_name},`,
      '',
      `You have been invited to complete the onboarding of ${businessName}.`,
      `Open this link to start: ${url}`,
      `The invitation can be used once and expires on ${expiresAt.toISOString().slice(0, 10)}.`,
    ].join('\n'),
  };
}

function checkInput(input: InviteInput): void {
  const targets = [input.business, input.existing_business_id, input.existing_business].filter((v) => v !== undefined);
  if (targets.length !== 1) throw new ValidationError('body must have exactly one of business, existing_business_id and existing_business');
  if (input.case_id !== undefined && input.business !== undefined) {
    throw new ValidationError('body.case_id can only be given with existing_business_id or existing_business');
  }
  const firstWithEmail = new Map<string, number>();
  input.applicants.forEach((applicant, i) => {
    // One invitation per applicant: the same email twice (in any case) is refused, as duplicate ids are.
    const earlier = firstWithEmail.get(applicant.email.toLowerCase());
    if (earlier !== undefined) throw new ValidationError(`body.applicants.${i}.email repeats body.applicants.${earlier}.email (emails compare ignoring case)`);
    firstWithEmail.set(applicant.email.toLowerCase(), i);
    const domain = applicant.email.split('@')[1]?.toLowerCase() ?? '';
    if (isDisposableDomain(domain)) throw new ValidationError(`body.applicants.${i}.email uses a disposable email domain`);
    if (applicant.mobile !== undefined && !parsePhoneNumberFromString(applicant.mobile, 'US')?.isValid()) {
      throw new ValidationError(`body.applicants.${i}.mobile must be a valid phone number`);
    }
  });
  if (input.business?.mobile !== undefined && !parsePhoneNumberFromString(input.business.mobile, 'US')?.isValid()) {
    throw new ValidationError('body.business.mobile must be a valid phone number');
  }
}

/** An existing applicant named again by email (in any case) would be invited twice: refused like a repeated email. */
function refuseKnownTwice(input: InviteInput, known: ApplicantRow[]): void {
  known.forEach((applicant, k) => {
    const i = input.applicants.findIndex((a) => a.email.toLowerCase() === applicant.email.toLowerCase());
    if (i >= 0) throw new ValidationError(`body.existing_applicant_ids.${k} names the applicant of body.applicants.${i}.email`);
  });
}

/**
 * Creates or reuses (by email) the applicants to invite, answered in the order given. They are
 * upserted in email order: an upsert locks its row until the commit, so two invites naming the
 * same applicants in another order would otherwise wait on each other (a deadlock).
 */
async function upsertApplicants(trx: Knex.Transaction, store: ApplicantStore, applicants: InviteInput['applicants'], by: { customerId: string; actorId: string }) {
  const key = (i: number) => applicants[i].email.toLowerCase();
  const order = applicants.map((_a, i) => i).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const rows: ApplicantRow[] = new Array(applicants.length);
  for (const i of order) {
    const a = applicants[i];
    rows[i] = await store.upsertApplicant(trx, {
      customer_id: by.customerId,
      first_name: a.first_name.trim(),
      last_name: a.last_name.trim(),
      email: a.email,
      mobile: a.mobile ? (parsePhoneNumberFromString(a.mobile, 'US')?.number ?? null) : null,
      created_by: by.actorId,
    });
  }
  return rows;
}

/**
 * E5: invites applicants to onboard a new or existing business. Creates or reuses the business,
 * the applicants and an onboarding case, and one invitation per applicant, in one transaction.
 */
export function createInviteService(options: InviteServiceOptions) {
  const { db, store, applicants: applicantStore } = options;
  return {
    async invite(caller: AuthContext, customerId: string, input: InviteInput) {
      checkInput(input);
      const existingId = input.existing_business_id ?? input.existing_business?.business_id;
      if (existingId) {
        const existing = await options.businesses.findById(existingId, false);
        // Unknown, deleted and another customer's business answer alike (the contract's E5 failure
        // sample): a caller learns nothing about other tenants' businesses.
        const ours = existing && !existing.business.deleted_at && existing.business.customer_id === customerId && canAccessCustomer(caller, customerId);
        if (!ours) throw new BusinessNotOnboardedError();
      }
      if (input.case_id) {
        const found = await options.cases.findCase(input.case_id);
        if (!found || found.business_id !== existingId || found.customer_id !== customerId) throw new CaseNotFoundError();
      }
      const knownIds = input.existing_applicant_ids ?? [];
      const found = await applicantStore.applicantsByIds(db, customerId, knownIds);
      if (found.length !== knownIds.length) throw new ApplicantNotFoundError();
      const known = knownIds.map((id) => found.find((a) => a.id === id) as ApplicantRow);
      refuseKnownTwice(input, known);

      const expiresAt = new Date(options.clock().getTime() + options.invitationTtlSeconds * 1000);
      const invitationOptions = {
        esign_template_id: input.esign_template_id ?? null,
        esign_templates: input.esign_templates ?? [],
        custom_field_template_id: input.custom_field_template_id ?? null,
        custom_fields: input.custom_fields ?? {},
      };
      const box = !existingId && input.business ? await options.dataKeys.boxFor(dataKeyScope(customerId)) : undefined;
      const outcome = await withTransaction(db, async (trx) => {
        let businessId = existingId;
        if (!businessId && input.business && box) {
          // E5's one trading name (`dba`) is the first of a business row's five.
          const { dba, ...columns } = input.business;
          const records = toBusinessRecords({ ...columns, ...(dba === undefined ? {} : { dba1_name: dba }) }, {
            customerId,
            actorId: caller.userId,
            runId: null,
            sealedBox: box,
            titles: new Map(),
          });
          await options.businesses.insertRecords(trx, [records]);
          businessId = records.business.id;
        }
        const business = businessId as string;
        const applicants = [...(await upsertApplicants(trx, applicantStore, input.applicants, { customerId, actorId: caller.userId })), ...known];
        const caseId =
          input.case_id ??
          (await options.cases.insertCase(trx, { customer_id: customerId, business_id: business, applicant_id: applicants[0].id, origin: 'INVITATION', created_by: caller.userId }));
        const invitations = [];
        const mailIds: string[] = [];
        const businessName = input.business?.name ?? input.existing_business?.name ?? (await options.businesses.findById(business, false))?.business.name ?? '';
        for (const applicant of applicants) {
          const id = await store.insertInvitation(trx, {
            customer_id: customerId,
            case_id: caseId,
            business_id: business,
            applicant_id: applicant.id,
            expires_at: expiresAt,
            options: invitationOptions,
            created_by: caller.userId,
          });
          const url = new URL(`/invite/${id}`, options.publicAppUrl).toString();
          invitations.push({ invitation_id: id, applicant_email: applicant.email, invitation_url: url });
          mailIds.push(await options.outbox.insertMessage(trx, invitationMail(id, applicant, businessName, url, expiresAt)));
        }
        return { business, caseId, invitations, mailIds, created: !existingId };
      });
      // Queued after the commit; the outbox row makes a lost enqueue recoverable, never a lost mail.
      await Promise.all(
        outcome.mailIds.map((messageId) =>
          options.mail
            .add({ messageId }, { jobId: mailJobId(messageId) })
            .catch((err: unknown) => options.logger.error({ err, messageId }, 'could not queue invitation mail')),
        ),
      );
      if (outcome.created) {
        await options.enrichment
          .add({ businessId: outcome.business, customerId }, { jobId: enrichmentJobId(outcome.business) })
          .catch((err: unknown) => options.logger.error({ err, businessId: outcome.business }, 'could not queue enrichment'));
      }
      const [first] = outcome.invitations;
      return {
        business_id: outcome.business,
        applicant_email: first.applicant_email,
        invitation_id: first.invitation_id,
        invitation_url: first.invitation_url,
        customer_id: customerId,
        case_id: outcome.caseId,
        invitations: outcome.invitations,
      };
    },
  };
}

/** The invite service type, for injection. */
export type InviteService = ReturnType<typeof createInviteService>;
