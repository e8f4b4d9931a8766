import { mailsInLog, type MailMessage } from '@kyb/mail';
import { dataOf, eventually, extractPdfText, type Call, type PdfText, type ProcessGroup, type StartedProcess } from '@kyb/testing';

/**
 * What the decision journey sees of the built suite from outside, besides its API: the suite's
 * log, where mail is written when SMTP_URL is unset (the applicant's code, the request asking them
 * for more), and its port, where a report's signed download link is followed.
 */
export interface ObservedSuite {
  /** Starts processes as `processes` does, remembering the first (the suite) and its environment. */
  group: ProcessGroup;
  /** The mail written to the suite's log for `to` so far, oldest first. */
  mailsTo(to: string): MailMessage[];
  /** Where the suite listens, e.g. `http://127.0.0.1:4321`. */
  base(): string;
}

/** Observes the suite `startJourneySuite` starts through {@link ObservedSuite.group}. */
export function observeSuite(processes: ProcessGroup): ObservedSuite {
  let suite: { process: StartedProcess; port: string } | undefined;
  const started = () => {
    if (!suite) throw new Error('the suite was not started through the observed group');
    return suite;
  };
  return {
    group: {
      ...processes,
      start(script, env = {}, args) {
        const process = processes.start(script, env, args);
        suite ??= { process, port: String(env.PORT) };
        return process;
      },
    },
    mailsTo: (to) => mailsInLog(started().process.output(), to),
    base: () => `http://127.0.0.1:${started().port}`,
  };
}

/**
 * An invited applicant signs up with their invitation, as the suite's own journey does: the first
 * sign-in answers 202 and mails an 8-digit code, the same body with the code answers their token
 * (limited to the businesses of the invitations they accepted).
 */
export async function signInInvitedApplicant(call: Call, suite: ObservedSuite, applicant: { email: string; password: string; invitationId: string }, wait: number): Promise<string> {
  const body = { email: applicant.email, password: applicant.password, invite_token: applicant.invitationId };
  const first = await call('post', '/auth/api/v1/applicant/sign-in', { body });
  if (first.status !== 202) throw new Error(`applicant sign-up answered ${first.status}: ${first.text}`);
  const code = await eventually(async () => {
    const codes = suite.mailsTo(applicant.email).filter((mail) => mail.subject === 'Your verification code');
    return /verification code is (\d{8})\b/.exec(codes.at(-1)?.text ?? '')?.[1];
  }, wait);
  return dataOf<{ data: { id_token: string } }>(await call('post', '/auth/api/v1/applicant/sign-in', { body: { ...body, email_code: code } }), 'applicant sign-in').data.id_token;
}

/**
 * A 360 report of the business, generated now (E7), rendered, and downloaded by its signed link
 * (the link's path on the suite's port: the link names the suite's public URL), as text by page.
 */
export async function renderedReport(call: Call, suite: ObservedSuite, tenant: { customerId: string; token: string }, businessId: string, wait: number): Promise<PdfText> {
  const { token } = tenant;
  const { report_id: reportId } = dataOf<{ report_id: string }>(await call('post', `/report/api/v1/reports/customers/${tenant.customerId}/businesses/${businessId}`, { token }), 'E7');
  await eventually(async () => ((await call('get', `/report/api/v1/reports/${reportId}`, { token })).body.data?.status === 'COMPLETED' ? true : undefined), wait);
  const link = new URL(dataOf<{ pdf_url: string }>(await call('post', `/report/api/v1/reports/${reportId}/download`, { token }), 'download').pdf_url);
  const file = await fetch(`${suite.base()}${link.pathname}${link.search}`);
  if (file.status !== 200 || file.headers.get('content-type') !== 'application/pdf') throw new Error(`the report's file answered ${file.status} ${file.headers.get('content-type')}`);
  return extractPdfText(Buffer.from(await file.arrayBuffer()));
}
