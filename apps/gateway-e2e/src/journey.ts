import { generateKeyPairSync, randomBytes } from 'node:crypto';
import createClient from 'openapi-fetch';
import { Client } from 'pg';
import { mailsInLog } from '@kyb/mail';
import { eventually } from '@kyb/testing';
import type { paths as AuthPaths } from './generated/auth-api';
import type { paths as CasePaths } from './generated/case-api';
import type { paths as IntegrationPaths } from './generated/integration-api';
import type { paths as ReportPaths } from './generated/report-api';
import type { paths as ScorePaths } from './generated/score-api';

/** A success envelope whose `data` is T. */
export type Envelope<T> = { status: string; message: string; data: T };

/** Clients typed from the areas' OpenAPI documents, all through the gateway. */
export function gatewayClients(gateway: string) {
  const at = (area: string) => ({ baseUrl: `${gateway}/${area}/api/v1` });
  return {
    auth: createClient<AuthPaths>(at('auth')),
    case: createClient<CasePaths>(at('case')),
    integration: createClient<IntegrationPaths>(at('integration')),
    score: createClient<ScorePaths>(at('score')),
    report: createClient<ReportPaths>(at('report')),
  };
}

async function ownerQuery<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** What the journey needs: the gateway, the demo owner's credentials, the database (to see the mail outbox), and the auth area's mail. */
export interface JourneyOptions {
  gateway: string;
  demo: { email: string; password: string };
  databaseUrl: string;
  /** The newest verification code the auth area mailed to `email` (written to its log: no SMTP server here). */
  mailedCode(email: string): Promise<string>;
}

/** The newest verification code in the mail to `email` that a process wrote to its log (no SMTP_URL), if any. */
export function codeInLog(log: string, email: string): string | undefined {
  const codes = mailsInLog(log, email).map((mail) => /verification code is (\d{8})\b/.exec(mail.text)?.[1]);
  return codes.filter((code): code is string => code !== undefined).pop();
}

/**
 * The whole journey a customer makes, through the gateway only: sign-in, add a business, public
 * records and BJL facts appear, the score is computed, a 360 report is generated and its PDF
 * downloaded through the signed URL, a screening runs, an invitation is sent and the applicant
 * signs in. Asserts every step; shared by the local-process and the container deployments.
 */
export async function runJourney(options: JourneyOptions): Promise<void> {
  const api = gatewayClients(options.gateway);
  const signIn = await api.auth.POST('/customer/sign-in', { body: { email: options.demo.email, password: options.demo.password } });
  expect(signIn.response.status).toBe(200);
  const session = (signIn.data as unknown as Envelope<Envelope<{ id_token: string; customer_details: { id: string } }>>).data.data;
  const headers = { authorization: `Bearer ${session.id_token}` };
  const customerID = session.customer_details.id;

  const added = await api.case.POST('/businesses/customers/{customerID}', {
    params: { path: { customerID } },
    headers,
    body: { name: 'Gateway Lien Bakery', tin: '123456789', owner1_first_name: 'Ann', owner1_last_name: 'Lee', owner1_owner_type: 'CONTROL', owner1_ownership_percentage: 100 },
  });
  expect(added.response.status).toBe(200);
  const businessID = (added.data as unknown as Envelope<{ result: Record<string, { data_businesses: { id: string } }> }>).data.result['0'].data_businesses.id;

  const business = await api.case.GET('/businesses/{businessID}', { params: { path: { businessID }, query: { fetch_owner_details: true } }, headers });
  expect((business.data as unknown as Envelope<{ tin: string }>).data.tin).toBe('XXXXX6789');

  // The integration worker (its own process) fetched public records; liens from the sandbox's trigger word.
  const records = await eventually(async () => {
    const res = await api.integration.GET('/business/{businessID}/public-records', { params: { path: { businessID } }, headers });
    return res.response.status === 200 ? (res.data as unknown as Envelope<{ public_records: { number_of_business_liens: string } }>) : undefined;
  });
  expect(Number(records.data.public_records.number_of_business_liens)).toBeGreaterThan(0);
  const facts = await api.integration.GET('/facts/business/{businessId}/bjl', { params: { path: { businessId: businessID } }, headers });
  expect((facts.data as unknown as Envelope<{ num_liens: { value: number } }>).data.num_liens.value).toBeGreaterThan(0);

  // The score worker scored it after enrichment.
  const score = await eventually(async () => {
    const res = await api.score.GET('/score/business/{businessID}', { params: { path: { businessID }, query: { status: 'SUCCESS' } }, headers });
    return res.response.status === 200 ? (res.data as unknown as Envelope<{ status: string; weighted_score_850: string }>) : undefined;
  });
  expect(score.data.status).toBe('SUCCESS');

  // A 360 report, rendered by the report worker, downloaded through the gateway with its signed URL.
  const requested = await api.report.POST('/reports/customers/{customerID}/businesses/{businessID}', { params: { path: { customerID, businessID } }, headers });
  const reportID = (requested.data as unknown as Envelope<{ report_id: string }>).data.report_id;
  const report = await eventually(async () => {
    const res = await api.report.GET('/reports/{reportID}', { params: { path: { reportID } }, headers });
    const body = res.data as unknown as Envelope<{ status: string }>;
    return body.data.status === 'COMPLETED' ? body : undefined;
  });
  expect(report.data.status).toBe('COMPLETED');
  const download = await api.report.POST('/reports/{reportID}/download', { params: { path: { reportID } }, headers });
  const pdfUrl = (download.data as unknown as Envelope<{ pdf_url: string }>).data.pdf_url;
  expect(pdfUrl.startsWith(`${options.gateway}/report/api/v1/`)).toBe(true);
  const pdf = await fetch(pdfUrl);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

  // Merchant screening: credentials, connection, a run screened by the worker, its result.
  const privateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
  const stored = await api.integration.PUT('/screening/{customerId}/credentials', {
    params: { path: { customerId: customerID } },
    headers,
    body: { consumer_key: 'e2e-consumer-key', private_key: privateKey, certificate_expiry: '2099-01-01T00:00:00Z', icas: ['1996'] },
  });
  expect(stored.response.status).toBe(200);
  const run = await api.integration.POST('/verification/customers/{customerId}/businesses/{businessId}/screening', {
    params: { path: { customerId: customerID, businessId: businessID } },
    headers,
    body: {},
  });
  expect(run.response.status).toBe(200);
  const screening = await eventually(async () => {
    const res = await api.integration.GET('/verification/businesses/{businessId}/screening', { params: { path: { businessId: businessID } }, headers });
    return res.response.status === 200 ? (res.data as unknown as Envelope<{ matchData: { matchResult: string } }>) : undefined;
  });
  expect(screening.data.matchData.matchResult).toBe('No Match');

  // An invitation: the mail worker delivers it (to the log here), the applicant signs up through the gateway.
  const email = `applicant.${randomBytes(3).toString('hex')}@example.org`;
  const invited = await api.case.POST('/customers/{customerID}/businesses/invite', {
    params: { path: { customerID } },
    headers,
    body: { existing_business_id: businessID, applicants: [{ first_name: 'Jim', last_name: 'Tester', email }] },
  });
  expect(invited.response.status).toBe(200);
  const invitationID = (invited.data as unknown as Envelope<{ invitation_id: string }>).data.invitation_id;
  await eventually(async () => {
    const rows = await ownerQuery<{ status: string }>(options.databaseUrl, 'select status from cases.mail_outbox where to_email = $1', [email]);
    return rows[0]?.status === 'SENT' ? true : undefined;
  });
  // Signing up proves the email first: a code is mailed (docs/adr/0010), the same request comes back with it.
  const signUp = { email, password: 'applicant passphrase 9', invite_token: invitationID };
  const sent = await api.auth.POST('/applicant/sign-in', { body: signUp });
  expect(sent.response.status).toBe(202);
  const applicant = await api.auth.POST('/applicant/sign-in', { body: { ...signUp, email_code: await options.mailedCode(email) } });
  expect(applicant.response.status).toBe(200);
  const applicantToken = (applicant.data as unknown as Envelope<Envelope<{ id_token: string }>>).data.data.id_token;
  const own = await api.case.GET('/businesses/{businessID}', { params: { path: { businessID } }, headers: { authorization: `Bearer ${applicantToken}` } });
  expect(own.response.status).toBe(200);
  const invitation = await api.case.GET('/invitations/{invitationID}', { params: { path: { invitationID } } });
  expect((invitation.data as unknown as Envelope<{ status: string }>).data.status).toBe('ACCEPTED');
}
