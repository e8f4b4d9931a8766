/* eslint-disable no-console, @nx/enforce-module-boundaries -- written as a user of the package writes it (README.md shows it) */
import { writeFile } from 'node:fs/promises';
import express from 'express';
import { createKybClient, KybApiError, verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@kyb/client';

type Ids = { business_id: string; report_id?: string; risk_level?: string };

const kyb = createKybClient({ baseUrl: process.env.KYB_URL ?? 'http://localhost:8080' });

// Events by business, and who waits for which: a webhook may arrive before anyone waits for it.
const seen = new Map<string, WebhookEvent<Ids>[]>();
const waiters: Array<{ type: string; businessId: string; resolve: (event: WebhookEvent<Ids>) => void }> = [];
const secrets: string[] = [];
const handled = new Set<string>();

function waitForEvent(type: string, businessId: string): Promise<WebhookEvent<Ids>> {
  const earlier = seen.get(businessId)?.find((event) => event.type === type);
  return earlier ? Promise.resolve(earlier) : new Promise((resolve) => waiters.push({ type, businessId, resolve }));
}

// The receiver: the raw body, exactly as sent, is what the signature covers.
const app = express();
app.post('/kyb-events', express.raw({ type: 'application/json' }), (req, res) => {
  let verified;
  try {
    verified = verifyWebhook<Ids>({ secret: secrets, body: req.body as Buffer, headers: req.headers });
  } catch (err) {
    if (err instanceof WebhookVerificationError) {
      res.status(400).end();
      return;
    }
    throw err;
  }
  res.status(204).end();
  // Deliveries are retried until answered 2xx: the webhook-id says it was handled already.
  if (handled.has(verified.id)) return;
  handled.add(verified.id);
  const { event } = verified;
  seen.set(event.data.business_id, [...(seen.get(event.data.business_id) ?? []), event]);
  for (const waiter of waiters.filter((w) => w.type === event.type && w.businessId === event.data.business_id)) waiter.resolve(event);
});

async function main(): Promise<void> {
  app.listen(3000);
  const session = await kyb.signIn({ email: String(process.env.KYB_EMAIL), password: String(process.env.KYB_PASSWORD) });
  const customerId = String(session.customerId);

  // 1. Where the suite tells us what happened; the secret is shown in this answer only.
  const hook = await kyb.request('integration', 'post', '/customers/{customerId}/webhooks', {
    path: { customerId },
    body: { url: 'https://hooks.example.com/kyb-events', events: ['score.computed', 'report.completed'] },
  });
  secrets.push(hook.secret);

  // 2. Onboard a business (E12). Your own Idempotency-Key makes a retry of yours, even tomorrow, safe.
  const added = await kyb.request('case', 'post', '/businesses/customers/{customerID}', {
    path: { customerID: customerId },
    body: { name: 'Lien Bakery LLC', tin: '123456789', owner1_first_name: 'Ann', owner1_last_name: 'Lee', owner1_owner_type: 'CONTROL', owner1_ownership_percentage: 100 },
    idempotencyKey: 'crm-account-4711',
  });
  const businessId = (added as unknown as { result: Record<string, { data_businesses: { id: string } }> }).result['0'].data_businesses.id;

  // 3. Enrichment and scoring run in the background: the score arrives by webhook.
  const scored = await waitForEvent('score.computed', businessId);
  const score = await kyb.request('score', 'get', '/score/business/{businessID}', { path: { businessID: businessId }, query: { status: 'SUCCESS' } });
  console.log(`risk ${scored.data.risk_level}, score ${score.weighted_score_850}`);

  // 4. The 360 report: asked for, rendered by a worker (report.completed), downloaded.
  const { report_id: reportId } = await kyb.request('report', 'post', '/reports/customers/{customerID}/businesses/{businessID}', {
    path: { customerID: customerId, businessID: businessId },
  });
  await waitForEvent('report.completed', businessId);
  await writeFile(`${reportId}.pdf`, await kyb.downloadReport(reportId));

  // 5. Lists come page after page (by cursor where the list offers one).
  for await (const reviewCase of kyb.list('case', '/customers/{customerID}/cases', { path: { customerID: customerId }, query: { filter: { status: 'MANUAL_REVIEW' }, items_per_page: 50 } })) {
    console.log(reviewCase.id, reviewCase.status_changed_at);
  }
}

main().catch((err: unknown) => {
  // The suite's envelope, typed; quote the request id to support.
  if (err instanceof KybApiError) console.error(err.httpStatus, err.errorCode, err.errorName, err.message, err.requestId);
  else console.error(err);
  process.exit(1);
});
