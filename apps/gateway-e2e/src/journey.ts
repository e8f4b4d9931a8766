import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createKybClient, KybApiError, type KybClientOptions } from '@kyb/client';
import { mailsInLog } from '@kyb/mail';
import { eventually } from '@kyb/testing';

/**
 * An SDK client (`@kyb/client`) of the suite through the gateway, for one user. Retries wait
 * briefly: the journey polls with `eventually` besides.
 */
export function gatewayClient(gateway: string, options: Partial<KybClientOptions> = {}) {
  return createKybClient({ baseUrl: gateway, retry: { baseDelayMs: 100, maxDelayMs: 1000 }, ...options });
}

/** The data of a 200; undefined for another 2xx (a 202: still being made, poll again). */
export function done<D>(answer: { status: number; data: D }): D | undefined {
  return answer.status === 200 ? answer.data : undefined;
}

/** Undefined for a 404 or 409 (not there yet, or still being made: poll again), the error otherwise. */
export function notYet(err: unknown): undefined {
  if (err instanceof KybApiError && (err.httpStatus === 404 || err.httpStatus === 409)) return undefined;
  throw err;
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
  const kyb = gatewayClient(options.gateway);
  const session = await kyb.signIn({ email: options.demo.email, password: options.demo.password });
  expect(session.role).toBe('CUSTOMER');
  const customerID = session.customerId as string;

  // E12 with the SDK's Idempotency-Key: the same key again answers the first business, not a second one.
  const body = { name: 'Gateway Lien Bakery', tin: '123456789', owner1_first_name: 'Ann', owner1_last_name: 'Lee', owner1_owner_type: 'CONTROL' as const, owner1_ownership_percentage: 100 };
  const idempotencyKey = `journey-${randomBytes(8).toString('hex')}`;
  const added = await kyb.send('case', 'post', '/businesses/customers/{customerID}', { path: { customerID }, body, idempotencyKey });
  const businessID = (added.data as unknown as { result: Record<string, { data_businesses: { id: string } }> }).result['0'].data_businesses.id;
  const again = await kyb.send('case', 'post', '/businesses/customers/{customerID}', { path: { customerID }, body, idempotencyKey });
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect((again.data as unknown as { result: Record<string, { data_businesses: { id: string } }> }).result['0'].data_businesses.id).toBe(businessID);

  const business = await kyb.request('case', 'get', '/businesses/{businessID}', { path: { businessID }, query: { fetch_owner_details: true } });
  expect((business as { tin?: string }).tin).toBe('XXXXX6789');

  // The SDK's list iterator finds the business among the customer's.
  const listed: string[] = [];
  for await (const record of kyb.list('case', '/customers/{customerID}/businesses', { path: { customerID }, query: { items_per_page: 1 } })) {
    listed.push(String((record as { id?: string }).id));
  }
  expect(listed).toContain(businessID);
  expect(new Set(listed).size).toBe(listed.length);

  // The integration worker (its own process) fetched public records; liens from the sandbox's trigger word.
  const records = await eventually(() => kyb.send('integration', 'get', '/business/{businessID}/public-records', { path: { businessID } }).then(done, notYet));
  expect(Number((records as unknown as { public_records: { number_of_business_liens: string } }).public_records.number_of_business_liens)).toBeGreaterThan(0);
  const facts = await kyb.request('integration', 'get', '/facts/business/{businessId}/bjl', { path: { businessId: businessID } });
  expect((facts as unknown as { num_liens: { value: number } }).num_liens.value).toBeGreaterThan(0);

  // The score worker scored it after enrichment.
  const score = await eventually(() => kyb.request('score', 'get', '/score/business/{businessID}', { path: { businessID }, query: { status: 'SUCCESS' } }).catch(notYet));
  expect((score as { status?: string }).status).toBe('SUCCESS');

  // A 360 report, rendered by the report worker, downloaded through the gateway with its signed URL.
  const requested = await kyb.request('report', 'post', '/reports/customers/{customerID}/businesses/{businessID}', { path: { customerID, businessID } });
  const reportID = (requested as { report_id: string }).report_id;
  const report = await eventually(async () => {
    const read = await kyb.request('report', 'get', '/reports/{reportID}', { path: { reportID } });
    return (read as { status?: string }).status === 'COMPLETED' ? read : undefined;
  });
  expect((report as { status?: string }).status).toBe('COMPLETED');
  const download = await kyb.request('report', 'post', '/reports/{reportID}/download', { path: { reportID } });
  expect(String((download as { pdf_url?: string | null }).pdf_url).startsWith(`${options.gateway}/report/api/v1/`)).toBe(true);
  const pdf = await kyb.downloadReport(reportID);
  expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');

  // Merchant screening: credentials, connection, a run screened by the worker, its result.
  const privateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
  await kyb.request('integration', 'put', '/screening/{customerId}/credentials', {
    path: { customerId: customerID },
    body: { consumer_key: 'e2e-consumer-key', private_key: privateKey, certificate_expiry: '2099-01-01T00:00:00Z', icas: ['1996'] },
  });
  await kyb.request('integration', 'post', '/verification/customers/{customerId}/businesses/{businessId}/screening', { path: { customerId: customerID, businessId: businessID }, body: {} });
  const screening = await eventually(() => kyb.send('integration', 'get', '/verification/businesses/{businessId}/screening', { path: { businessId: businessID } }).then(done, notYet));
  expect((screening as unknown as { matchData: { matchResult: string } }).matchData.matchResult).toBe('No Match');

  // An invitation: the mail worker delivers it (to the log here), the applicant signs up through the gateway.
  const email = `applicant.${randomBytes(3).toString('hex')}@example.org`;
  const invited = await kyb.request('case', 'post', '/customers/{customerID}/businesses/invite', {
    path: { customerID },
    body: { existing_business_id: businessID, applicants: [{ first_name: 'Jim', last_name: 'Tester', email }] },
  });
  const invitationID = (invited as { invitation_id: string }).invitation_id;
  await eventually(async () => {
    const rows = await ownerQuery<{ status: string }>(options.databaseUrl, 'select status from cases.mail_outbox where to_email = $1', [email]);
    return rows[0]?.status === 'SENT' ? true : undefined;
  });
  // Signing up proves the email first: a code is mailed (docs/adr/0010), the same request comes back with it.
  const applicant = gatewayClient(options.gateway);
  const signUp = { email, password: 'applicant passphrase 9', invite_token: invitationID };
  expect(await applicant.signInApplicant(signUp)).toEqual({ emailCodeSent: true });
  const applicantSession = await applicant.signInApplicant({ ...signUp, email_code: await options.mailedCode(email) });
  expect(applicantSession).toMatchObject({ role: 'APPLICANT' });
  const own = await applicant.request('case', 'get', '/businesses/{businessID}', { path: { businessID } });
  expect((own as { id?: string }).id).toBe(businessID);
  const invitation = await applicant.request('case', 'get', '/invitations/{invitationID}', { path: { invitationID }, auth: false });
  expect((invitation as { status?: string }).status).toBe('ACCEPTED');

  // The session refreshes through the gateway, and the new bearer works in every area.
  const before = kyb.session?.refreshToken;
  await kyb.refresh();
  expect(kyb.session?.refreshToken).not.toBe(before);
  expect((await kyb.request('score', 'get', '/score/business/{businessID}', { path: { businessID }, query: { status: 'SUCCESS' } }) as { status?: string }).status).toBe('SUCCESS');
}
