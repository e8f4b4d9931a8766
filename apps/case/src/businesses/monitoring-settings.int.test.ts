import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { USER_PERMISSIONS } from '@kyb/auth';
import { createMonitoringSettingsDirectory } from '@kyb/area-views';
import { eventually } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* GET and PUT /customers/{customerID}/monitoring-settings (issue 12). */
describe("a customer's monitoring settings", () => {
  let t: CaseTestApp;
  beforeAll(async () => {
    // With workers: the audit relay moves the acts to the audit log.
    t = await startCaseTestApp();
  });
  afterAll(() => t.close());

  const path = (customerId: string) => `/case/api/v1/customers/${customerId}/monitoring-settings`;
  const get = (customerId: string, token: string) => request(t.app).get(path(customerId)).set('Authorization', `Bearer ${token}`);
  const put = (customerId: string, token: string, body: object) => request(t.app).put(path(customerId)).set('Authorization', `Bearer ${token}`).send(body);
  const newCustomer = async () => {
    const id = randomUUID();
    await t.customer({ id });
    return { id, owner: t.keys.tokenFor({ role: 'CUSTOMER', customerId: id }) };
  };

  it('answers MONTHLY and 50 points while the customer set none, to a read-only subrole too', async () => {
    const { id } = await newCustomer();
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId: id, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    const res = await get(id, reader).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Monitoring settings retrieved successfully',
      data: { customer_id: id, frequency: 'MONTHLY', score_change_alert_points: 50, updated_at: null },
    });
  });

  it('stores what PUT sends, answers it, shows it to GET and to other areas through the directory view, and audits each change', async () => {
    const { id, owner } = await newCustomer();
    // Near now: the clock also judges the token.
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 5000);
    t.clock.set(at);
    try {
      const res = await put(id, owner, { frequency: 'DAILY', score_change_alert_points: 25 }).expect(200);
      expect(res.body).toEqual({
        status: 'success',
        message: 'Monitoring settings updated successfully',
        data: { customer_id: id, frequency: 'DAILY', score_change_alert_points: 25, updated_at: at.toISOString() },
      });
    } finally {
      t.clock.set(undefined);
    }
    await put(id, owner, { frequency: 'WEEKLY', score_change_alert_points: 550 }).expect(200);
    expect((await get(id, owner).expect(200)).body.data).toMatchObject({ frequency: 'WEEKLY', score_change_alert_points: 550 });
    const directory = createMonitoringSettingsDirectory(t.db);
    expect(await directory.settingsOf(id)).toEqual({ frequency: 'WEEKLY', scoreChangeAlertPoints: 550 });
    const unset = randomUUID();
    expect(await directory.settingsOfMany([id, unset])).toEqual(
      new Map([
        [id, { frequency: 'WEEKLY', scoreChangeAlertPoints: 550 }],
        [unset, { frequency: 'MONTHLY', scoreChangeAlertPoints: 50 }],
      ]),
    );
    expect(await t.db('cases.monitoring_settings').where({ customer_id: id }).first()).toMatchObject({ updated_by: expect.any(String) });
    const acts = await eventually(async () => {
      const mine = (await t.auditEntries()).filter((e) => e.action === 'customer.monitoring_settings_changed' && e.target_id === id);
      return mine.length === 2 ? mine : undefined;
    });
    // The first act's time was set ahead of the second's: compared without order.
    expect(acts.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { frequency: 'DAILY', score_change_alert_points: 25 },
        { frequency: 'WEEKLY', score_change_alert_points: 550 },
      ]),
    );
  });

  it.each([
    ['no frequency', { score_change_alert_points: 50 }, "body must have required property 'frequency'"],
    ['no points', { frequency: 'DAILY' }, "body must have required property 'score_change_alert_points'"],
    ['an unknown frequency', { frequency: 'HOURLY', score_change_alert_points: 50 }, 'body.frequency must be equal to one of the allowed values: MONTHLY, WEEKLY, DAILY'],
    ['0 points', { frequency: 'DAILY', score_change_alert_points: 0 }, 'body.score_change_alert_points must be >= 1'],
    ['551 points', { frequency: 'DAILY', score_change_alert_points: 551 }, 'body.score_change_alert_points must be <= 550'],
    ['fractional points', { frequency: 'DAILY', score_change_alert_points: 12.5 }, 'body.score_change_alert_points must be integer'],
    ['another field', { frequency: 'DAILY', score_change_alert_points: 50, extra: true }, "body must NOT have additional properties: 'extra'"],
  ])('refuses a body with %s (400 ValidationMiddlewareError) and keeps the settings', async (_, body, message) => {
    const { id, owner } = await newCustomer();
    const res = await put(id, owner, body).expect(400);
    expect(res.body).toEqual({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
    expect(await t.db('cases.monitoring_settings').where({ customer_id: id }).first()).toBeUndefined();
  });

  it("keeps tenants apart: another customer can neither read nor change them, and a read-only subrole cannot change them", async () => {
    const mine = await newCustomer();
    const theirs = await newCustomer();
    await put(mine.id, mine.owner, { frequency: 'DAILY', score_change_alert_points: 10 }).expect(200);
    const denied = { status: 'fail', message: 'You are not allowed to access the data.', errorCode: 'UNAUTHORIZED', data: { errorName: 'AccessMiddlewareError' } };
    expect((await get(mine.id, theirs.owner).expect(403)).body).toEqual(denied);
    expect((await put(mine.id, theirs.owner, { frequency: 'MONTHLY', score_change_alert_points: 500 }).expect(403)).body).toEqual(denied);
    // An unknown customer looks the same to a CUSTOMER as another tenant's.
    expect((await get(randomUUID(), theirs.owner).expect(403)).body).toEqual(denied);
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId: mine.id, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    expect((await put(mine.id, reader, { frequency: 'MONTHLY', score_change_alert_points: 500 }).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You do not have permission to perform this action.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'PermissionMiddlewareError', permission: 'businesses:write' },
    });
    expect((await get(mine.id, mine.owner).expect(200)).body.data).toMatchObject({ frequency: 'DAILY', score_change_alert_points: 10 });
    expect((await get(theirs.id, theirs.owner).expect(200)).body.data).toMatchObject({ frequency: 'MONTHLY', score_change_alert_points: 50 });
  });

  it('lets an ADMIN read and set any customer, and tells only an ADMIN that a customer does not exist', async () => {
    const { id } = await newCustomer();
    const admin = t.keys.tokenFor({ role: 'ADMIN' });
    await put(id, admin, { frequency: 'WEEKLY', score_change_alert_points: 100 }).expect(200);
    expect((await get(id, admin).expect(200)).body.data).toMatchObject({ frequency: 'WEEKLY', score_change_alert_points: 100 });
    const unknown = randomUUID();
    const notFound = { status: 'fail', message: 'Customer not found', errorCode: 'NOT_FOUND', data: { errorName: 'CustomerApiError' } };
    expect((await get(unknown, admin).expect(404)).body).toEqual(notFound);
    expect((await put(unknown, admin, { frequency: 'WEEKLY', score_change_alert_points: 100 }).expect(404)).body).toEqual(notFound);
    expect((await get('nope', admin).expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    await request(t.app).get(path(id)).expect(401);
  });
});
