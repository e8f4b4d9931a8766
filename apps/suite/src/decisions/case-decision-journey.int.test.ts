import { randomBytes, randomInt } from 'node:crypto';
import { createOwnerTenants, createProcessGroup, createTestDatabase, dataOf, eventually, startJourneySuite, type Call, type TestDatabase, type Tenant } from '@kyb/testing';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/webhook-receiver';
import { observeSuite, renderedReport, signInInvitedApplicant } from './test-support/journey-outside';

/*
 * Cases that decide (issue 45), through the built suite and its public API only: with the default
 * policy, a clean sandbox business is AUTO_APPROVED once its facts are in (verification, sanctions
 * screening, score), a `mismatch` one lands in MANUAL_REVIEW with the failed check as its reason,
 * and each move reaches the customer's endpoint as a signed `case.status_updated`; a reviewer asks
 * the case's invited applicant for more (mailed, shown when they sign in) and their answer returns
 * it to review; the reviewer's decision is audited and shown on the 360 report's decision page; an approved
 * case whose facts later say otherwise stays approved, and its contested decision reaches the
 * customer's alert list and its endpoint (`case.decision_contested`).
 */
const ADMIN = { email: 'decisions.admin@example.com', password: 'decisions admin passphrase' };
const PASSWORD = 'decisions passphrase 2026';
/** Workers and other tests share two cores: be patient. */
const WAIT = 90_000;
const STEP = 120_000;

interface CaseView {
  id: string;
  business_id: string;
  status: string;
  origin: string;
  decision: { kind: string; rule_id: string; reason: string; policy_version: number; facts?: Array<{ name: string; value: unknown; source: string }> };
  trail: Array<{ from_status: string | null; to_status: string; mover: string; actor_id: string | null; reason_code: string | null }>;
}

describe('cases decide through the built suite', () => {
  const processes = createProcessGroup();
  const suite = observeSuite(processes);
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let call: Call;
  let owner: Tenant;
  let secret: string;

  const as = (method: string, path: string, body?: unknown) => call(method, path, { token: owner.token, body });
  const addBusiness = async (words: string, extra: Record<string, unknown> = {}): Promise<{ id: string; name: string }> => {
    const name = `${words} ${randomBytes(3).toString('hex')}`;
    const body = { name, tin: `9${String(randomInt(10_000_000, 99_999_999))}`, address_line_1: '1234 Testing Blvd.', address_city: 'Longwood', address_state: 'FL', address_postal_code: '32850', ...extra };
    const added = dataOf<{ result: Record<string, { data_businesses: { id: string }; data_cases: Array<{ status: number }> }> }>(
      await as('post', `/case/api/v1/businesses/customers/${owner.customerId}`, body),
      'E12',
    );
    expect(added.result['0'].data_cases).toEqual([expect.objectContaining({ status: 3, applicant_id: null })]);
    return { id: added.result['0'].data_businesses.id, name };
  };
  /** The business's case once it is in `state`. */
  const caseIn = (businessId: string, state: string) =>
    eventually(async () => {
      const list = dataOf<{ records: Array<{ id: string; status: string }> }>(await as('get', `/case/api/v1/customers/${owner.customerId}/cases?filter[business_id]=${businessId}`), 'cases');
      const found = list.records.find((c) => c.status === state);
      return found ? dataOf<CaseView>(await as('get', `/case/api/v1/cases/${found.id}`), 'case') : undefined;
    }, WAIT);

  beforeAll(async () => {
    [database, receiver] = await Promise.all([createTestDatabase(), startWebhookReceiver()]);
    // info: without SMTP_URL the suite writes mail to its log, where the applicant's code and the request's mail are read.
    const env = { MONITORING_TICK_MINUTES: '0', CASE_DECISION_EVERY_MS: '200', LOG_LEVEL: 'info' };
    call = await startJourneySuite(suite.group, database, { prefix: 'decisions', admin: ADMIN, env });
    [owner] = await createOwnerTenants(call, { admin: ADMIN, prefix: 'decisions', password: PASSWORD }, ['Owner']);
    const created = dataOf<{ secret: string }>(
      await as('post', `/integration/api/v1/customers/${owner.customerId}/webhooks`, { url: receiver.url, events: ['case.status_updated', 'case.decision_contested'], description: 'decisions desk' }),
      'register webhook',
    );
    secret = created.secret;
    receiver.trust(secret);
  }, STEP);

  afterAll(async () => {
    await processes.stopAll();
    await receiver?.close();
    await database?.destroy();
  });

  it('approves a clean business by the default policy, says why, and announces it signed', async () => {
    const business = await addBusiness('Clean Thriving Dental');
    const approved = await caseIn(business.id, 'AUTO_APPROVED');
    expect(approved).toMatchObject({ origin: 'ADDED', decision: { kind: 'decided', rule_id: 'VERIFIED_AND_APPROVED', policy_version: 0 } });
    expect(approved.decision.facts).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'verification.status', value: 'VERIFIED', source: 'verification' })]));
    expect(approved.trail.map((s) => [s.from_status, s.to_status, s.mover])).toEqual([
      [null, 'OPEN', 'customer'],
      ['OPEN', 'AUTO_APPROVED', 'policy'],
    ]);
    const delivered = await eventually(async () => receiver.received.find((r) => r.answered < 300 && r.event?.type === 'case.status_updated' && r.event.data?.case_id === approved.id), WAIT);
    expect(delivered.verifiedWith).toEqual([secret]);
    expect(delivered.event?.data).toEqual({ customer_id: owner.customerId, business_id: business.id, case_id: approved.id, status: 'AUTO_APPROVED', previous_status: 'OPEN' });
    expect(delivered.body.toLowerCase()).not.toContain(business.name.toLowerCase());
  }, STEP);

  /** The mismatch business and its case: put in review by the next test, followed by the two after it (they run in order). */
  let mismatch: { business: { id: string; name: string }; caseId: string };

  it('sends a TIN mismatch to review with the failed check as its reason', async () => {
    const business = await addBusiness('Mismatch Thriving Bakery');
    const review = await caseIn(business.id, 'MANUAL_REVIEW');
    expect(review.decision).toMatchObject({ rule_id: 'TIN_MISMATCH', reason: 'The TIN is not registered to the legal name (the TIN_MATCH check failed).' });
    expect(review.decision.facts).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'verification.check.TIN_MATCH', value: 'FAIL' })]));
    mismatch = { business, caseId: review.id };
  }, STEP);

  it("asks the case's invited applicant for more: mailed, shown when they sign in, and their answer returns the case to review", async () => {
    const { business, caseId } = mismatch;
    const applicant = { email: `decisions-applicant-${randomBytes(3).toString('hex')}@example.org`, password: 'decisions applicant passphrase 2026' };
    // A case only waits on an applicant invited on it: the owner invites one on this case (E5 with case_id).
    const invited = dataOf<{ invitation_id: string; case_id: string }>(
      await as('post', `/case/api/v1/customers/${owner.customerId}/businesses/invite`, { existing_business_id: business.id, case_id: caseId, applicants: [{ first_name: 'Ann', last_name: 'Asked', email: applicant.email }] }),
      'E5',
    );
    expect(invited.case_id).toBe(caseId);
    const asked = dataOf<{ id: string; status: string; case_status: string; applicants_mailed: number }>(
      await as('post', `/case/api/v1/cases/${caseId}/information-requests`, { message: 'Please send the letter the IRS sent with your TIN.', items: ['IRS letter 147C'] }),
      'information request',
    );
    expect(asked).toMatchObject({ status: 'OPEN', case_status: 'INFO_REQUESTED', applicants_mailed: 1 });
    const waiting = dataOf<CaseView>(await as('get', `/case/api/v1/cases/${caseId}`), 'case');
    expect(waiting.status).toBe('INFO_REQUESTED');
    const mail = await eventually(async () => suite.mailsTo(applicant.email).find((m) => m.subject.startsWith('More information')), WAIT);
    expect(mail.subject).toBe(`More information is needed to onboard ${business.name}`);
    expect(mail.text).toContain('Please send the letter the IRS sent with your TIN.');
    expect(mail.text).toContain('- IRS letter 147C');

    // The applicant signs up with the invitation and sees what waits for their answer.
    const token = await signInInvitedApplicant(call, suite, { ...applicant, invitationId: invited.invitation_id }, WAIT);
    const open = dataOf<{ records: Array<Record<string, unknown>> }>(await call('get', '/case/api/v1/applicant/information-requests', { token, query: '?filter[status]=OPEN' }), 'applicant requests');
    expect(open.records).toEqual([expect.objectContaining({ id: asked.id, case_id: caseId, business_name: business.name, status: 'OPEN', items: ['IRS letter 147C'] })]);
    const answered = dataOf<{ status: string; case_status: string }>(
      await call('post', `/case/api/v1/information-requests/${asked.id}/answer`, { token, body: { answer: 'Uploaded the 147C letter to the portal.' } }),
      'answer',
    );
    expect(answered).toMatchObject({ status: 'ANSWERED', case_status: 'MANUAL_REVIEW' });
    const back = dataOf<CaseView>(await as('get', `/case/api/v1/cases/${caseId}`), 'case');
    expect(back.status).toBe('MANUAL_REVIEW');
    expect(back.trail.slice(-2).map((s) => [s.from_status, s.to_status, s.mover, s.reason_code])).toEqual([
      ['MANUAL_REVIEW', 'INFO_REQUESTED', 'reviewer', 'INFORMATION_REQUESTED'],
      ['INFO_REQUESTED', 'MANUAL_REVIEW', 'applicant', 'INFORMATION_PROVIDED'],
    ]);
  }, STEP);

  it("records a reviewer's decision: audited, sent signed, and shown on the 360 report's decision page", async () => {
    const { business, caseId } = mismatch;
    // The owner (its subrole holds cases:review) decides: audited, on the trail, and sent signed.
    const decided = dataOf<{ status: string; decided: boolean }>(
      await as('post', `/case/api/v1/cases/${caseId}/decision`, { decision: 'reject', reason_code: 'IDENTITY_NOT_CONFIRMED', note: 'The TIN letter does not match.' }),
      'decision',
    );
    expect(decided).toMatchObject({ status: 'REJECTED', decided: true });
    const trail = dataOf<CaseView>(await as('get', `/case/api/v1/cases/${caseId}`), 'case').trail;
    // The decider is the owner, who also added the business (the trail's opening names them).
    expect(trail.at(-1)).toMatchObject({ from_status: 'MANUAL_REVIEW', to_status: 'REJECTED', mover: 'reviewer', reason_code: 'IDENTITY_NOT_CONFIRMED', actor_id: trail[0].actor_id });
    expect(trail[0].actor_id).toEqual(expect.any(String));
    const delivered = await eventually(
      async () => receiver.received.find((r) => r.answered < 300 && r.event?.type === 'case.status_updated' && r.event.data?.case_id === caseId && r.event.data?.status === 'REJECTED'),
      WAIT,
    );
    expect(delivered.verifiedWith).toEqual([secret]);
    expect(delivered.body).not.toContain('TIN letter');
    const audit = await eventually(async () => {
      const entries = dataOf<{ records: Array<{ action: string; target: { id: string }; details: Record<string, unknown> }> }>(
        await as('get', `/auth/api/v1/customers/${owner.customerId}/audit-events?filter[action]=case.status_updated&filter[target_id]=${caseId}&pagination=false`),
        'audit log',
      ).records;
      return entries.find((e) => e.details.mover === 'reviewer' && e.details.to === 'REJECTED');
    }, WAIT);
    expect(audit.details).toMatchObject({ from: 'MANUAL_REVIEW', to: 'REJECTED', reason_code: 'IDENTITY_NOT_CONFIRMED' });

    // A report made after the decision shows it: the state, the reviewer who decided with their reason code, and the trail.
    const { text } = await renderedReport(call, suite, owner, business.id, WAIT);
    const flat = text.replace(/\s+/g, ' ');
    const start = flat.indexOf('Case decision');
    const end = flat.indexOf('Sanctions screening', start);
    const page = flat.slice(start, end < 0 ? undefined : end);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(page).toContain('State REJECTED In this state since');
    expect(page).toContain(`Decided by A reviewer (${trail.at(-1)?.actor_id}), reason code IDENTITY_NOT_CONFIRMED`);
    expect(page).toMatch(/INFO_REQUESTED from MANUAL_REVIEW reviewer .*INFORMATION_REQUESTED .*MANUAL_REVIEW from INFO_REQUESTED applicant .*INFORMATION_PROVIDED .*REJECTED from MANUAL_REVIEW reviewer .*IDENTITY_NOT_CONFIRMED/);
  }, STEP);

  // Last: it gives the tenant a policy of its own.
  it('keeps an approval whose facts later say otherwise, and raises the contest as an alert and a signed event', async () => {
    const policy = {
      rules: [{ id: 'OPEN_ALERTS', when: { fact: 'alerts.open', op: 'gt', value: 0 }, decision: 'review', reason: 'A monitoring alert is open.' }],
      otherwise: 'approve',
    };
    dataOf(await as('put', `/case/api/v1/customers/${owner.customerId}/case-policy`, policy), 'case policy');
    // Monitored, and one more active lien on each enrichment: approved while no alert is open.
    const business = await addBusiness('Deteriorating Dental', { is_monitoring_enabled: true });
    const approved = await caseIn(business.id, 'AUTO_APPROVED');
    await eventually(async () => ((await as('get', `/score/api/v1/score/business/${business.id}?status=SUCCESS`)).status === 200 ? true : undefined), WAIT);
    // Enriched again, as the monitoring schedule would: a new lien, a NEW_LIEN alert, and the policy now asks for review.
    expect((await as('post', `/integration/api/v1/business/${business.id}/refresh`)).status).toBe(202);
    const contested = await eventually(async () => {
      const alerts = dataOf<{ records: Array<Record<string, unknown>> }>(
        await as('get', `/score/api/v1/customers/${owner.customerId}/alerts?filter[rule]=CASE_DECISION_CONTESTED&filter[business_id]=${business.id}&pagination=false`),
        'alerts',
      ).records;
      return alerts.length > 0 ? alerts : undefined;
    }, WAIT);
    expect(contested).toEqual([
      expect.objectContaining({
        case_id: approved.id, score_id: null, severity: 'HIGH', status: 'OPEN', before: 'AUTO_APPROVED', after: 'MANUAL_REVIEW',
        title: 'Decision contested: the policy would now send it to review (AUTO_APPROVED case)',
        summary: expect.stringContaining('by rule OPEN_ALERTS: A monitoring alert is open.'),
      }),
    ]);
    expect(String(contested[0].summary).toLowerCase()).not.toContain(business.name.toLowerCase());
    const now = dataOf<CaseView & { decision: { disagrees?: string } }>(await as('get', `/case/api/v1/cases/${approved.id}`), 'case');
    expect(now).toMatchObject({ status: 'AUTO_APPROVED', decision: { rule_id: 'OPEN_ALERTS', disagrees: 'MANUAL_REVIEW' } });
    const delivered = await eventually(async () => receiver.received.find((r) => r.answered < 300 && r.event?.type === 'case.decision_contested' && r.event.data?.case_id === approved.id), WAIT);
    expect(delivered.verifiedWith).toEqual([secret]);
    expect(delivered.event?.data).toEqual({ customer_id: owner.customerId, business_id: business.id, case_id: approved.id, status: 'AUTO_APPROVED', would_decide: 'MANUAL_REVIEW', rule_id: 'OPEN_ALERTS' });
  }, STEP);
});
