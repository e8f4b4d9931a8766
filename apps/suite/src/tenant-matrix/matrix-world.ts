import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { hashSync } from '@node-rs/argon2';
import type { Knex } from '@kyb/db';
import { eventually, dataOf, type Call } from '@kyb/testing';
import { expiredCopyOf } from './expired-token';

/** The password of every account the matrix creates. */
const PASSWORD = 'matrix passphrase 2026';
const AUTH = '/auth/api/v1';

/** The callers of every route, one per column of the matrix. */
export const CELLS = ['owner', 'user', 'otherOwner', 'applicantInvited', 'applicantNotInvited', 'admin', 'none', 'expired', 'revoked'] as const;
export type CellName = (typeof CELLS)[number];

/** Who calls in one cell, and what its expected answers are derived from. */
export interface Caller {
  token?: string;
  /** A live token, none, a genuine expired one, or one of a session that logged out. */
  credential: 'live' | 'none' | 'expired' | 'revoked';
  role?: 'ADMIN' | 'CUSTOMER' | 'APPLICANT';
  /** The permission codes its sign-in answered (a CUSTOMER's subrole). */
  permissions: string[];
  /** Tenant A's resources, which the samples name, are its own, not its own, or (ADMIN) anyone's. */
  relation: 'own' | 'foreign' | 'admin';
  /** Its own customer, to probe "my customer, someone else's id". */
  customerId?: string;
}

/** Tenant A (whose resources every sample names), its callers, and the other tenant B. */
export interface World {
  /** Path parameter values naming tenant A's resources, by lower-cased parameter name. */
  ids: Record<string, string>;
  callers: Record<CellName, Caller>;
  /** A fresh suffix, so that what a sample creates never collides. */
  unique(): string;
  /** A valid set of screening credentials (a fresh key). */
  screeningCredentials(): object;
  /** Where tenant A's webhooks post (a closed port: deliveries fail and are logged). */
  webhookUrl: string;
  /** A tenant no caller belongs to, which the tenant erasure route may erase. */
  erasableCustomerId: string;
}

interface SignedIn {
  data: { id_token: string; refresh_token: string; permissions: Array<{ code: string }>; user_details: { id: string } };
}

/** Builds tenants A and B, their users, A's businesses, invitation, report, score, screening and run, and the callers. */
export async function buildWorld(call: Call, db: Knex, secrets: { adminEmail: string; adminPassword: string; dataEncryptionKey: Buffer }): Promise<World> {
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;
  const signIn = async (path: string, email: string) =>
    dataOf<SignedIn>(await call('post', `${AUTH}/${path}`, { body: { email, password: PASSWORD } }), `${path} of ${email}`).data;

  const adminSession = dataOf<SignedIn>(
    await call('post', `${AUTH}/admin/sign-in`, { body: { email: secrets.adminEmail, password: secrets.adminPassword } }),
    'admin sign-in',
  ).data;
  const admin = adminSession.id_token;
  const customer = async (name: string) => {
    const { id } = dataOf<{ id: string }>(await call('post', `${AUTH}/customers`, { token: admin, body: { name } }), 'create customer');
    const settings = { features: { PAT_120_ADD_BUSINESS: true }, monthly_onboarding_limit: null };
    dataOf(await call('patch', `${AUTH}/customers/${id}`, { token: admin, body: settings }), 'customer settings');
    return id;
  };
  const tenantA = await customer(`Matrix A ${unique()}`);
  const tenantB = await customer(`Matrix B ${unique()}`);
  // A third tenant, only for the route that erases a tenant: erasing A or B would end their callers' sessions.
  const erasable = await customer(`Matrix Erasable ${unique()}`);

  /** A customer user as a customer would make one: created, set up with its temporary password, signed in. */
  const customerUser = async (customerId: string, subrole: string) => {
    const email = `matrix-${unique()}@example.com`;
    const person = { first_name: 'Matrix', last_name: subrole, email, subrole_code: subrole, temporary_password: 'matrix temporary 2026' };
    dataOf(await call('post', `${AUTH}/customers/${customerId}/users`, { token: admin, body: person }), 'create user');
    const setUp = { email, temporary_password: person.temporary_password, new_password: PASSWORD };
    dataOf(await call('post', `${AUTH}/customer/complete-setup`, { body: setUp }), 'set-up');
    return signIn('customer/sign-in', email);
  };
  const [ownerA, userA, ownerB, leaving] = await Promise.all([
    customerUser(tenantA, 'owner'),
    customerUser(tenantA, 'user'),
    customerUser(tenantB, 'owner'),
    customerUser(tenantA, 'owner'),
  ]);
  const target = dataOf<{ id: string }>(
    await call('post', `${AUTH}/customers/${tenantA}/users`, {
      token: admin,
      body: { first_name: 'Target', last_name: 'User', email: `target-${unique()}@example.com`, subrole_code: 'user' },
    }),
    'create target user',
  );

  const owner = ownerA.id_token;
  // A webhook of tenant A, registered before its businesses are added, so their events reach it.
  const webhookUrl = 'http://127.0.0.1:9/kyb-matrix-hook';
  const webhook = dataOf<{ id: string }>(await call('post', `/integration/api/v1/customers/${tenantA}/webhooks`, { token: owner, body: { url: webhookUrl } }), 'webhook').id;
  const addBusiness = async (name: string, owners: Record<string, string | number | boolean> = {}) => {
    const added = dataOf<{ runId: string; result: Record<string, { data_businesses: { id: string } }> }>(
      await call('post', `/case/api/v1/businesses/customers/${tenantA}`, { token: owner, body: { name, ...owners } }),
      'E12',
    );
    return { runId: added.runId, businessId: added.result['0'].data_businesses.id };
  };
  // The first business has an owner, whose personal data the erasure route erases.
  const first = await addBusiness(`Matrix Dental ${unique()}`, { owner1_first_name: 'Olive', owner1_last_name: 'Owner', owner1_owner_type: 'CONTROL', owner1_ownership_percentage: 100 });
  const [firstOwner] = (await db('cases.owners').where({ business_id: first.businessId }).pluck('id')) as string[];
  const second = await addBusiness(`Matrix Bakery ${unique()}`);
  // A monitored business the sandbox makes worse on each enrichment: re-enriched once scored, it raises alerts (issue 12).
  const watched = await addBusiness(`Deteriorating Matrix ${unique()}`, { is_monitoring_enabled: true });
  const invite = async (businessId: string) =>
    dataOf<{ invitation_id: string }>(
      await call('post', `/case/api/v1/customers/${tenantA}/businesses/invite`, {
        token: owner,
        body: { existing_business_id: businessId, applicants: [{ first_name: 'Ann', last_name: 'Plicant', email: `applicant-${unique()}@example.org` }] },
      }),
      'E5',
    ).invitation_id;
  const [invitation, otherInvitation] = [await invite(first.businessId), await invite(second.businessId)];
  const applicant = async (invitationId: string, businessId: string) =>
    signIn('applicant/sign-in', await insertApplicant(db, { invitationId, customerId: tenantA, businessId, email: `applicant-${unique()}@example.org` }));
  const [invited, notInvited] = await Promise.all([applicant(invitation, first.businessId), applicant(otherInvitation, second.businessId)]);
  // What a reviewer asked the invited applicant (issue 45); a decision round moving the case at that moment answers 409, so ask again.
  const { case_id: invitedCase } = await db('cases.invitations').where({ id: invitation }).first('case_id');
  const informationRequest = await eventually(async () => {
    const answer = await call('post', `/case/api/v1/cases/${invitedCase}/information-requests`, { token: owner, body: { message: 'Matrix question.' } });
    return answer.status === 200 ? (answer.body.data as { id: string }).id : undefined;
  }, 30_000);

  const screeningCredentials = () => ({
    consumer_key: `matrix-${unique()}`,
    private_key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }),
    certificate_expiry: '2099-01-01T00:00:00Z',
    icas: ['1996'],
  });
  dataOf(await call('put', `/integration/api/v1/screening/${tenantA}/credentials`, { token: owner, body: screeningCredentials() }), 'credentials');
  const screening = dataOf<{ screening: { id: string } }>(
    await call('post', `/integration/api/v1/verification/customers/${tenantA}/businesses/${first.businessId}/screening`, { token: owner, body: {} }),
    'E3',
  ).screening.id;
  const report = dataOf<{ report_id: string }>(await call('post', `/report/api/v1/reports/customers/${tenantA}/businesses/${first.businessId}`, { token: owner }), 'E7').report_id;
  const cases = dataOf<{ records: Array<{ id: string; business_id: string }> }>(await call('get', `/case/api/v1/customers/${tenantA}/cases`, { token: owner }), 'cases');
  // E12 queued enrichment, which is followed by a score: E10 and E1 answer 200 once the workers are done.
  const score = await eventually(async () => {
    const answer = await call('get', `/score/api/v1/score/business/${first.businessId}`, { token: owner, query: '?status=SUCCESS' });
    return answer.status === 200 ? (answer.body.data as { id: string }).id : undefined;
  }, 30_000);

  const scoreOf = async (businessId: string) => {
    const answer = await call('get', `/score/api/v1/score/business/${businessId}`, { token: owner, query: '?status=SUCCESS' });
    return answer.status === 200 ? (answer.body.data as { id: string }).id : undefined;
  };
  const firstWatchedScore = await eventually(() => scoreOf(watched.businessId), 30_000);
  dataOf(await call('post', `/integration/api/v1/business/${watched.businessId}/refresh`, { token: owner }), 'refresh');
  await eventually(async () => ((await scoreOf(watched.businessId)) !== firstWatchedScore ? true : undefined), 30_000);
  const alert = await eventually(async () => {
    const answer = await call('get', `/score/api/v1/customers/${tenantA}/alerts`, { token: owner, query: `?filter[business_id]=${watched.businessId}` });
    return (answer.body.data as { records?: Array<{ id: string }> } | undefined)?.records?.[0]?.id;
  }, 30_000);

  // The default weighting config, as the platform ADMIN lists it.
  const configs = dataOf<{ records: Array<{ id: string; is_default: boolean }> }>(await call('get', '/score/api/v1/weightage-configs', { token: admin }), 'weightage configs');
  const defaultConfig = configs.records.find((c) => c.is_default)?.id;
  if (!defaultConfig) throw new Error('the score area lists no default weighting config');

  const delivery = await eventually(async () => {
    const answer = await call('get', `/integration/api/v1/customers/${tenantA}/webhooks/${webhook}/deliveries`, { token: owner });
    return (answer.body.data as { records?: Array<{ id: string }> } | undefined)?.records?.[0]?.id;
  }, 30_000);

  // A real user signs in and logs out: its token must be refused from then on, in every area.
  dataOf(await call('post', `${AUTH}/customer/logout`, { token: leaving.id_token, body: {} }), 'logout');
  // Every area refuses a revoked session within a second (issue 14).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const expired = await expiredCopyOf(owner, db, secrets.dataEncryptionKey);

  const codes = (session: SignedIn['data']) => session.permissions.map((p) => p.code);
  const live = (session: SignedIn['data'], role: Caller['role'], relation: Caller['relation'], customerId?: string): Caller => ({
    token: session.id_token,
    credential: 'live',
    role,
    permissions: codes(session),
    relation,
    customerId,
  });
  return {
    ids: {
      customerid: tenantA,
      businessid: first.businessId,
      userid: target.id,
      runid: first.runId,
      invitationid: invitation,
      caseid: cases.records.find((c) => c.business_id === first.businessId)?.id ?? randomUUID(),
      reportid: report,
      scoreid: score,
      screeningid: screening,
      webhookid: webhook,
      ownerid: firstOwner ?? randomUUID(),
      deliveryid: delivery,
      alertid: alert,
      configid: defaultConfig,
      requestid: informationRequest,
    },
    callers: {
      owner: live(ownerA, 'CUSTOMER', 'own', tenantA),
      user: live(userA, 'CUSTOMER', 'own', tenantA),
      otherOwner: live(ownerB, 'CUSTOMER', 'foreign', tenantB),
      applicantInvited: live(invited, 'APPLICANT', 'own'),
      applicantNotInvited: live(notInvited, 'APPLICANT', 'foreign'),
      admin: live(adminSession, 'ADMIN', 'admin'),
      none: { credential: 'none', permissions: [], relation: 'foreign' },
      expired: { token: expired, credential: 'expired', permissions: [], relation: 'foreign' },
      revoked: { token: leaving.id_token, credential: 'revoked', permissions: [], relation: 'foreign' },
    },
    unique,
    screeningCredentials,
    webhookUrl,
    erasableCustomerId: erasable,
  };
}

/**
 * An APPLICANT who accepted `invitationId`, stored as the applicant sign-up leaves one: the
 * applicant flow (and how it proves an email) is tested in the auth area; here only the caller matters.
 */
async function insertApplicant(db: Knex, input: { invitationId: string; customerId: string; businessId: string; email: string }): Promise<string> {
  const id = randomUUID();
  const row = {
    id,
    role: 'APPLICANT',
    subrole_id: null,
    first_name: 'Ann',
    last_name: 'Plicant',
    email: input.email,
    mobile: null,
    password_hash: hashSync(PASSWORD),
    status: 'ACTIVE',
    is_email_verified: true,
    is_first_login: false,
    created_by: id,
    updated_by: id,
  };
  // Applicants belong to no customer once their invitations say which businesses they may see
  // (auth migration 0007); before it, to the inviting customer.
  await db('auth.users')
    .insert({ ...row, customer_id: null })
    .catch((err: { code?: string }) => {
      if (err.code !== '23514') throw err;
      return db('auth.users').insert({ ...row, customer_id: input.customerId });
    });
  await db('auth.accepted_invitations').insert({ invitation_id: input.invitationId, user_id: id, customer_id: input.customerId, business_id: input.businessId });
  return input.email;
}
