import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/*
 * The case area's audited acts (issue 11): businesses added (E12, bulk, an accepted run and the
 * worker storing it) and every read of owners' details (E9 with fetch_owner_details=true). Each is
 * written to the area's audit outbox and relayed by the workers to the audit log.
 */
describe('acts of the case area in the audit log', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startCaseTestApp();
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(() => t.close());

  const entriesOf = async (action: string, targetId?: string) =>
    (await t.auditEntries()).filter((e) => e.action === action && (targetId === undefined || e.target_id === targetId));
  const add = (body: object, path = '') => request(t.app).post(`/case/api/v1/businesses/customers/${customerId}${path}`).set('Authorization', `Bearer ${owner}`).send(body);
  const withOwner = { name: 'Audited Dental', tin: '333444685', owner1_first_name: 'Ann', owner1_last_name: 'Lee', owner1_ssn: '123-45-6789', owner1_owner_type: 'CONTROL', owner1_ownership_percentage: 100 };

  it('audits E12 and every read of owners\' details with the caller, request id and address, never the personal data', async () => {
    const added = await add(withOwner).expect(200);
    const businessId = added.body.data.result['0'].data_businesses.id as string;
    const [addedEntry] = await eventually(async () => ((await entriesOf('businesses.added', businessId)).length ? entriesOf('businesses.added', businessId) : undefined));
    expect(addedEntry).toMatchObject({ chain: `customer:${customerId}`, customer_id: customerId, actor_role: 'CUSTOMER', target_type: 'business', request_id: added.headers['x-request-id'] });
    expect(addedEntry.details).toEqual({ count: 1, run_id: added.body.data.runId });

    const read = await request(t.app).get(`/case/api/v1/businesses/${businessId}?fetch_owner_details=true`).set('Authorization', `Bearer ${owner}`).set('X-Forwarded-For', '198.51.100.4').expect(200);
    await request(t.app).get(`/case/api/v1/businesses/${businessId}`).set('Authorization', `Bearer ${owner}`).expect(200);
    const [readEntry] = await eventually(async () => ((await entriesOf('business.owner_details_read', businessId)).length ? entriesOf('business.owner_details_read', businessId) : undefined));
    expect(readEntry).toMatchObject({ target_type: 'business', request_id: read.headers['x-request-id'], details: { owners: 1 }, client_address: expect.any(String) });
    // Only the read with the owners' details is personal data: one entry, not two.
    expect(await entriesOf('business.owner_details_read', businessId)).toHaveLength(1);
    const text = JSON.stringify(await t.auditEntries());
    for (const secret of ['123-45-6789', '6789', '333444685', 'Ann', 'Lee']) expect(text).not.toContain(secret);
    expect(await t.db('cases.audit_outbox')).toEqual([]);

    // Another tenant is refused before anything is read: nothing is audited.
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() });
    await request(t.app).get(`/case/api/v1/businesses/${businessId}?fetch_owner_details=true`).set('Authorization', `Bearer ${stranger}`).expect(403);
    expect(await t.db('cases.audit_outbox').where({ action: 'business.owner_details_read' })).toEqual([]);
    expect(await entriesOf('business.owner_details_read', businessId)).toHaveLength(1);
  });

  it('audits a bulk by its run, and an accepted run twice: accepted by its caller, stored by the worker', async () => {
    const bulk = await add([{ name: 'Bulk One' }, { name: 'Bulk Two' }], '/bulk').expect(200);
    const runId = bulk.body.data.runId as string;
    const [bulkEntry] = await eventually(async () => ((await entriesOf('businesses.added', runId)).length ? entriesOf('businesses.added', runId) : undefined));
    expect(bulkEntry).toMatchObject({ target_type: 'onboarding_run', details: { count: 2, run_id: runId } });

    const accepted = await add([{ name: 'Later One' }], '/bulk?async=true').expect(200);
    const later = accepted.body.data.runId as string;
    const [acceptedEntry] = await eventually(async () => ((await entriesOf('onboarding_run.accepted', later)).length ? entriesOf('onboarding_run.accepted', later) : undefined));
    expect(acceptedEntry).toMatchObject({ actor_role: 'CUSTOMER', request_id: accepted.headers['x-request-id'], details: { rows: 1 } });
    const stored = await eventually(async () => (await t.auditEntries()).find((e) => e.action === 'businesses.added' && (e.details as { run_id?: string }).run_id === later));
    expect(stored).toMatchObject({ actor_role: 'SYSTEM', actor_id: acceptedEntry.actor_id, request_id: null, client_address: null, target_type: 'business' });
  });

  it('audits nothing for a refused add', async () => {
    const before = (await entriesOf('businesses.added')).length;
    await add({ name: 'x'.repeat(2000) }).expect(400);
    await add({}).expect(400);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await entriesOf('businesses.added')).toHaveLength(before);
    expect(await t.db('cases.audit_outbox')).toEqual([]);
  });

  it("audits reads of cases that answer applicants' emails: a case, and each page of the list, never the emails", async () => {
    await request(t.app)
      .post(`/case/api/v1/customers/${customerId}/businesses/invite`)
      .set('Authorization', `Bearer ${owner}`)
      .send({ business: { name: 'Invited Audit Co' }, applicants: [{ first_name: 'Ivy', last_name: 'Nvited', email: 'ivy.audit@example.org' }] })
      .expect(200);
    const listed = await request(t.app).get(`/case/api/v1/customers/${customerId}/cases`).set('Authorization', `Bearer ${owner}`).expect(200);
    const withApplicant = listed.body.data.records.find((c: { invitations: unknown[] }) => c.invitations.length > 0);
    const read = await request(t.app).get(`/case/api/v1/cases/${withApplicant.id}`).set('Authorization', `Bearer ${owner}`).expect(200);
    const caseEntry = await eventually(async () => (await t.auditEntries()).find((e) => e.action === 'case.read' && e.request_id === read.headers['x-request-id']));
    expect(caseEntry).toMatchObject({ customer_id: customerId, target_type: 'case', target_id: withApplicant.id, details: { applicant_emails: 1 } });
    const listEntry = await eventually(async () => (await t.auditEntries()).find((e) => e.action === 'cases.listed' && e.request_id === listed.headers['x-request-id']));
    expect(listEntry).toMatchObject({ target_type: 'customer', target_id: customerId, details: { page: 1, applicant_emails: expect.any(Number) } });
    expect(JSON.stringify(await t.auditEntries())).not.toContain('ivy.audit@example.org');
    // Another tenant is refused before anything is read: nothing is audited.
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() });
    const refused = await request(t.app).get(`/case/api/v1/cases/${withApplicant.id}`).set('Authorization', `Bearer ${stranger}`).expect(403);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await t.auditEntries()).filter((e) => e.request_id === refused.headers['x-request-id'])).toEqual([]);
  });
});
