import type { Request } from 'express';
import type { AuthContext } from '@kyb/auth';
import { CustomerErasedError } from './customer-erased.error';
import type { ErasedCustomers } from './erased-customers';
import { customerParam, ERASED_TENANT_RESPONSE, tenantGoneGate, withErasedTenantAnswer, type TenantResolver } from './tenant-gone-gate';

/* The 410 gate's decisions (docs/adr/0043), without a database: who learns that a tenant was erased, and what the documents declare. */
const ERASED = '11111111-1111-4111-8111-111111111111';
const LIVE = '22222222-2222-4222-8222-222222222222';
const BUSINESS = '33333333-3333-4333-8333-333333333333';

const erased = { isErased: async (id: string) => id === ERASED, erasedAmong: async () => new Set<string>() } as ErasedCustomers;
const businessOf: TenantResolver = { resolve: async (id) => (id === BUSINESS ? { customerId: ERASED, businessId: BUSINESS } : undefined) };
const invitationOf: TenantResolver = { publicLink: true, resolve: async () => ({ customerId: ERASED, businessId: BUSINESS }) };
const gate = tenantGoneGate({ erased, resolvers: { customerID: customerParam, businessId: businessOf, invitationID: invitationOf } });

const caller = (role: AuthContext['role'], customerId: string | null, businessIds: string[] = []): AuthContext =>
  ({ userId: 'u', role, customerId, businessIds, permissions: new Set<string>(), sessionId: 's' }) as unknown as AuthContext;

/** What the gate does with a request: 'gone' (410) or 'next' (on to the route's own checks). */
async function decide(params: Record<string, string>, auth?: AuthContext): Promise<'gone' | 'next'> {
  let passed = false;
  try {
    await gate({ params, auth } as unknown as Request, {} as never, () => void (passed = true));
  } catch (err) {
    if (err instanceof CustomerErasedError) return 'gone';
    throw err;
  }
  return passed ? 'next' : 'gone';
}

describe('the erased-tenant gate', () => {
  it('answers 410 to the ADMIN and to the tenant itself for its customer and its business', async () => {
    expect(await decide({ customerID: ERASED }, caller('ADMIN', null))).toBe('gone');
    expect(await decide({ businessId: BUSINESS }, caller('ADMIN', null))).toBe('gone');
    expect(await decide({ customerID: ERASED }, caller('CUSTOMER', ERASED))).toBe('gone');
  });

  it('passes a caller of another tenant on to the route, which refuses it as for any id it may not see', async () => {
    expect(await decide({ customerID: ERASED }, caller('CUSTOMER', LIVE))).toBe('next');
    expect(await decide({ businessId: BUSINESS }, caller('CUSTOMER', LIVE))).toBe('next');
    expect(await decide({ businessId: BUSINESS }, caller('APPLICANT', null, []))).toBe('next');
  });

  it('answers 410 to the applicant invited to the business, and through a public link without a caller', async () => {
    expect(await decide({ businessId: BUSINESS }, caller('APPLICANT', null, [BUSINESS]))).toBe('gone');
    expect(await decide({ invitationID: 'any' })).toBe('gone');
    // Without a caller, an id that is not a public link is the route's to judge (its signature, its token).
    expect(await decide({ customerID: ERASED })).toBe('next');
  });

  it('passes what belongs to a live tenant, unknown ids, and parameters it has no resolver for', async () => {
    expect(await decide({ customerID: LIVE }, caller('ADMIN', null))).toBe('next');
    expect(await decide({ businessId: LIVE }, caller('ADMIN', null))).toBe('next');
    expect(await decide({ configID: ERASED }, caller('ADMIN', null))).toBe('next');
  });
});

describe('the erased-tenant answer in the OpenAPI documents', () => {
  const route = (path: string, auth = true, answersErasedTenants?: boolean) => ({ path, auth, answersErasedTenants, responses: { 200: { description: 'ok' } } });
  const declared = (routes: ReturnType<typeof route>[]) =>
    withErasedTenantAnswer(routes, { customerID: customerParam, invitationID: invitationOf }).map((r) => (r.responses as Record<number, unknown>)[410] !== undefined);

  it('declares the 410 where the gate gives it, and nowhere else', () => {
    expect(
      declared([
        route('/customers/:customerID/users'),
        route('/customers/:customerID/audit-events', true, true),
        route('/weightage-configs/:configID'),
        route('/invitations/:invitationID', false),
        route('/customers/:customerID/file', false),
        route('/openapi.json', false),
      ]),
    ).toEqual([true, false, false, true, false, false]);
    expect(withErasedTenantAnswer([route('/customers/:customerID')], { customerID: customerParam })[0].responses).toEqual({ 200: { description: 'ok' }, 410: ERASED_TENANT_RESPONSE });
  });
});
