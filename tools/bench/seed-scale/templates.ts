/*
 * The tenant a seed grows and the businesses it copies: the tenant's own, added through the API,
 * each with its work done (no enrichment, score or report still under way, every one enriched at
 * least once), so a copy never carries work a worker would pick up.
 */
import type { Client } from 'pg';
import type { Template } from './clone-values';

/** The tenant's id and name. */
export interface Tenant {
  id: string;
  name: string;
}

/** The demo owner `npm start` seeds (apps/auth bootstrap): its tenant is the default one. */
const DEMO_OWNER = 'demo.owner@example.com';

/** The tenant named by id or by name; else the demo owner's, else the only one. Throws saying which tenants there are. */
export async function findTenant(db: Client, by: { customerId?: string; customerName?: string }): Promise<Tenant> {
  const { rows } = await db.query<Tenant & { demo: boolean }>(
    `select c.id, c.name, exists (select from auth.users u where u.customer_id = c.id and lower(u.email) = $1) as demo
       from auth.customers c where c.status = 'ACTIVE' order by c.created_at`,
    [DEMO_OWNER],
  );
  const pick = by.customerId
    ? rows.filter((r) => r.id === by.customerId)
    : by.customerName
      ? rows.filter((r) => r.name === by.customerName)
      : rows.filter((r) => r.demo).concat(rows.length === 1 ? rows : []);
  if (pick.length === 0 || (by.customerName && pick.length > 1)) {
    const known = rows.map((r) => `${r.id} (${r.name})`).join(', ') || 'none';
    const asked = by.customerId ? `no active tenant ${by.customerId}` : by.customerName ? `${pick.length} active tenants named ${JSON.stringify(by.customerName)}` : 'no demo tenant, and not exactly one tenant';
    throw new Error(`${asked}: name one with --customer <id> or --customer-name <name> (active tenants: ${known}); a new tenant is made through the admin API (POST /auth/api/v1/customers)`);
  }
  return { id: pick[0].id, name: pick[0].name };
}

/** How many businesses the tenant has (not deleted). */
export async function businessCount(db: Client, customerId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from cases.businesses where customer_id = $1 and deleted_at is null', [customerId]);
  return rows[0].n;
}

/** The tenant's `limit` newest businesses, to be copied. Throws when there is none, or when work on them is under way. */
export async function findTemplates(db: Client, customerId: string, limit: number): Promise<Template[]> {
  const { rows } = await db.query<Template>(
    `select b.id, b.name, b.external_id as "externalId", b.tin_sealed is not null as "hasTin",
            coalesce((select array_agg(o.position order by o.position) from cases.owners o where o.business_id = b.id and o.ssn_sealed is not null), '{}') as "ssnPositions"
       from cases.businesses b where b.customer_id = $1 and b.deleted_at is null order by b.created_at desc, b.id limit $2`,
    [customerId, limit],
  );
  if (rows.length === 0) throw new Error(`tenant ${customerId} has no business to copy: add some through the API first (the seed copies what the suite wrote for them)`);
  const ids = rows.map((r) => r.id);
  const { rows: work } = await db.query<Record<string, number>>(
    `select (select count(*) from integration.integration_tasks where business_id = any($1) and status in ('PENDING', 'IN_PROGRESS'))::int as "enrichments under way",
            (select count(*) from scores.scores where business_id = any($1) and status = 'PROCESSING')::int as "scores under way",
            (select count(*) from reports.reports where business_id = any($1) and status in ('REQUESTED', 'IN_PROGRESS'))::int as "reports under way",
            (select count(*) from unnest($1::uuid[]) b (id) where not exists (select from integration.integration_tasks t where t.business_id = b.id))::int as "businesses not enriched yet"`,
    [ids],
  );
  const busy = Object.entries(work[0]).filter(([, n]) => n > 0);
  if (busy.length > 0) throw new Error(`the businesses to copy have work under way (${busy.map(([what, n]) => `${n} ${what}`).join(', ')}): wait until the suite has done it, then seed`);
  return rows;
}
