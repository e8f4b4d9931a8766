import type { Knex } from '@kyb/db';
import type { Answer } from '@kyb/testing';
import type { RecordingClient, TrafficRequest } from './fault-http';
import type { FaultTenant } from './fault-tenant';

/** What one journey does besides adding a business and reading its records and score. */
export interface JourneyPlan {
  index: number;
  /** Added with `async=true`: an onboarding run the case worker stores. */
  asyncAdd: boolean;
  report: boolean;
  screening: boolean;
  invite: boolean;
}

/** How far a journey got. */
export interface JourneyOutcome {
  name: string;
  businessId?: string;
  /** The steps it finished, in order. */
  reached: string[];
  /** Why it stopped before its end, if it did. */
  failure?: string;
  reportIds: string[];
  invitedEmails: string[];
}

/** What every journey shares. */
export interface JourneyContext {
  client: RecordingClient;
  /** The test's own pool (never terminated by the faults): to see what the workers wrote. */
  db: Knex;
  tenant: FaultTenant;
  /** When a journey stops waiting and reports where it was stuck. */
  deadline: number;
  /** Makes names unique to this run. */
  tag: string;
}

class JourneyStopped extends Error {}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One customer's journey, as the issue lists them: add a business (E12, or `async=true` and its
 * run), read its public records (E1) and score (E10), and as planned request a 360 report (E7)
 * and read it (E6), run a screening, invite an applicant (E5) whose mail the worker sends. A 503
 * is retried (it says so: a dependency is down), and so is a read after any 5xx; anything else
 * stops the journey. Every answer is recorded and judged by the test, retried or not.
 */
export async function runJourney(plan: JourneyPlan, context: JourneyContext): Promise<JourneyOutcome> {
  const { client, db, tenant } = context;
  const name = `j${plan.index}`;
  const outcome: JourneyOutcome = { name, reached: [], reportIds: [], invitedEmails: [] };
  const customer = tenant.customerId;

  /**
   * The request until it is answered 2xx (or `notYet`, which the caller polls past). A 503 is
   * retried, as it asks; a read is retried after any 5xx too, as a client would (the answer is
   * recorded and judged all the same); anything else stops the journey.
   */
  async function succeed(step: string, request: Omit<TrafficRequest, 'journey' | 'step' | 'token'>, notYet?: (answer: Answer) => boolean): Promise<Answer> {
    for (;;) {
      const answer = await client.call({ ...request, journey: name, step, token: tenant.token });
      if ((answer.status >= 200 && answer.status < 300) || notYet?.(answer)) return answer;
      const retryable = answer.status === 503 || (request.method === 'GET' && answer.status >= 500);
      if (!retryable) throw new JourneyStopped(`${step}: ${request.method} ${request.path} answered ${answer.status || 'nothing'}: ${answer.text.slice(0, 200)}`);
      if (Date.now() > context.deadline) throw new JourneyStopped(`${step}: still ${answer.status} at the deadline`);
      await pause(250);
    }
  }

  /** Repeats a read until `done` says the work behind it is finished. */
  async function until<T>(
    step: string,
    request: Omit<TrafficRequest, 'journey' | 'step' | 'token'>,
    done: (answer: Answer) => T | undefined,
    notYet?: (answer: Answer) => boolean,
  ): Promise<T> {
    for (;;) {
      const value = done(await succeed(step, request, notYet));
      if (value !== undefined) return value;
      if (Date.now() > context.deadline) throw new JourneyStopped(`${step}: not finished at the deadline`);
      await pause(300);
    }
  }

  /** Waits for what a worker writes to PostgreSQL (the API has no 2xx way to say "not yet"). */
  async function untilRow(step: string, sql: string, values: unknown[]): Promise<void> {
    while ((await db.raw(sql, values as Knex.RawBinding[])).rows.length === 0) {
      if (Date.now() > context.deadline) throw new JourneyStopped(`${step}: not finished at the deadline`);
      await pause(300);
    }
  }

  const data = (answer: Answer) => answer.body.data as Record<string, unknown>;
  try {
    const body = { name: `Fault Works ${plan.index} ${context.tag}` };
    const businesses = `/case/api/v1/businesses/customers/${customer}`;
    if (plan.asyncAdd) {
      const { runId } = data(await succeed('add-async', { method: 'POST', path: `${businesses}?async=true`, body })) as { runId: string };
      outcome.businessId = await until('run', { method: 'GET', path: `/case/api/v1/runs/${runId}` }, (a) => {
        const run = data(a) as { status: string; business_ids?: string[] };
        if (run.status === 'FAILED') throw new JourneyStopped(`run: the run FAILED: ${a.text}`);
        return run.status === 'SUCCEEDED' ? run.business_ids?.[0] : undefined;
      });
    } else {
      const added = data(await succeed('add', { method: 'POST', path: businesses, body })) as { result: Record<string, { data_businesses: { id: string } }> };
      outcome.businessId = added.result['0'].data_businesses.id;
    }
    const businessId = outcome.businessId;
    outcome.reached.push('added');

    // E1 says 404 "never requested" while the enrichment job waits for a worker (docs/adr/0006):
    // judged with every answer, but the journey reads on, as the business was added.
    const neverRequested = (a: Answer) => a.status === 404 && a.body.data?.errorName === 'PublicRecordsNotFoundError';
    await until('public-records', { method: 'GET', path: `/integration/api/v1/business/${businessId}/public-records` }, (a) => (a.status === 200 ? true : undefined), neverRequested);
    outcome.reached.push('public-records');

    await untilRow('score', `select 1 from scores.scores where business_id = ? and status = 'SUCCESS'`, [businessId]);
    const score = data(await succeed('score', { method: 'GET', path: `/score/api/v1/score/business/${businessId}` }));
    if (score.status !== 'SUCCESS') throw new JourneyStopped(`score: E10 answered a score ${String(score.status)}`);
    outcome.reached.push('score');

    if (plan.report) {
      const { report_id: reportId } = data(await succeed('report', { method: 'POST', path: `/report/api/v1/reports/customers/${customer}/businesses/${businessId}` })) as { report_id: string };
      outcome.reportIds.push(reportId);
      await until('report-read', { method: 'GET', path: `/report/api/v1/reports/${reportId}` }, (a) => {
        const status = data(a).status;
        if (status === 'FAILED') throw new JourneyStopped(`report-read: the report FAILED: ${a.text}`);
        return status === 'COMPLETED' ? true : undefined;
      });
      outcome.reached.push('report');
    }
    if (plan.screening) {
      await succeed('screening', { method: 'POST', path: `/integration/api/v1/verification/customers/${customer}/businesses/${businessId}/screening`, body: {} });
      await until('screening-read', { method: 'GET', path: `/integration/api/v1/verification/businesses/${businessId}/screening` }, (a) => (a.status === 200 ? true : undefined));
      outcome.reached.push('screening');
    }
    if (plan.invite) {
      const email = `applicant.${plan.index}.${context.tag}@example.org`;
      outcome.invitedEmails.push(email);
      const invitation = { existing_business_id: businessId, applicants: [{ first_name: 'Ivy', last_name: 'Fault', email }] };
      const { invitation_id: invitationId } = data(await succeed('invite', { method: 'POST', path: `/case/api/v1/customers/${customer}/businesses/invite`, body: invitation })) as {
        invitation_id: string;
      };
      await untilRow('invite-mail', `select 1 from cases.mail_outbox where lower(to_email) = lower(?) and status = 'SENT'`, [email]);
      await succeed('invitation-read', { method: 'GET', path: `/case/api/v1/invitations/${invitationId}` });
      outcome.reached.push('invite');
    }
  } catch (err) {
    if (!(err instanceof JourneyStopped)) throw err;
    outcome.failure = `${name} (${outcome.businessId ?? 'no business'}) stopped at ${err.message}`;
  }
  return outcome;
}
