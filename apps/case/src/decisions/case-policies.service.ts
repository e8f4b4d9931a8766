import { CustomerNotFoundError, type CustomerDirectory } from '@kyb/area-views';
import { auditActOf, unseen, type Actor, type AuthContext } from '@kyb/auth';
import { recordAudit, type Knex } from '@kyb/db';
import { ValidationError } from '@kyb/envelope';
import { completePolicy, repeatedRuleIds, type CasePolicy, type PolicyDecision, type PolicyRule } from './case-policy';
import type { CasePoliciesStore, StoredCasePolicy } from './case-policies.store';
import { DEFAULT_CASE_POLICY } from './default-case-policy';

/** A policy version as the routes answer it. */
export interface CasePolicyView {
  customer_id: string;
  /** 0 for the default policy, in force while the customer stored none. */
  version: number;
  is_default: boolean;
  rules: PolicyRule[];
  otherwise: PolicyDecision;
  four_eyes: CasePolicy['four_eyes'];
  created_by: string | null;
  created_at: string | null;
}

/** A policy body as PUT sends it (otherwise and four eyes optional). */
export type CasePolicyBody = { rules: PolicyRule[]; otherwise?: PolicyDecision; four_eyes?: Partial<CasePolicy['four_eyes']> };

const present = (customerId: string, stored: StoredCasePolicy | undefined): CasePolicyView => ({
  customer_id: customerId,
  version: stored?.version ?? 0,
  is_default: !stored,
  ...(stored?.policy ?? DEFAULT_CASE_POLICY),
  created_by: stored?.createdBy ?? null,
  created_at: stored ? stored.createdAt.toISOString() : null,
});

/**
 * A customer's case decision policy (issue 45, docs/adr/0055): versions kept as data, the newest in
 * force, the default policy while there is none. A new version is audited in its transaction.
 */
export function createCasePoliciesService(options: { db: Knex; store: CasePoliciesStore; customers: CustomerDirectory; clock: () => Date }) {
  // A CUSTOMER's token vouches for its tenant (requireTenant, before); an ADMIN may name any id.
  const assertCustomer = async (caller: AuthContext, customerId: string) => {
    if (!(await options.customers.find(customerId))) throw unseen(caller, new CustomerNotFoundError());
  };
  return {
    /** The policy in force for the customer. */
    async current(caller: AuthContext, customerID: string): Promise<CasePolicyView> {
      const customerId = customerID.toLowerCase();
      await assertCustomer(caller, customerId);
      return present(customerId, await options.store.current(customerId));
    },

    /** A page of the customer's stored versions, newest first unless asked otherwise. */
    async versions(caller: AuthContext, customerID: string, page: { page: number; itemsPerPage: number; paginate: boolean; oldestFirst: boolean }) {
      const customerId = customerID.toLowerCase();
      await assertCustomer(caller, customerId);
      const offset = page.paginate ? (page.page - 1) * page.itemsPerPage : 0;
      const { items, total } = await options.store.list(customerId, { offset, limit: page.paginate ? page.itemsPerPage : null, oldestFirst: page.oldestFirst });
      return { items: items.map((stored) => present(customerId, stored)), total };
    },

    /** Stores the body as the customer's next version, in force from now on. */
    async put(actor: Actor, customerID: string, body: CasePolicyBody): Promise<CasePolicyView> {
      const customerId = customerID.toLowerCase();
      await assertCustomer(actor, customerId);
      const repeated = repeatedRuleIds(body);
      if (repeated.length > 0) throw new ValidationError(`body/rules: each rule needs its own id; repeated: ${repeated.join(', ')}`);
      const policy = completePolicy(body);
      const stored = await options.db.transaction(async (trx) => {
        const now = options.clock();
        const saved = await options.store.add(trx, { customerId, policy, by: actor.userId, at: now });
        const details = { version: saved.version, rules: policy.rules.length, otherwise: policy.otherwise };
        await recordAudit(trx, 'cases', [auditActOf(actor, { customerId, action: 'customer.case_policy_changed', target: { type: 'customer', id: customerId }, details }, now)]);
        return saved;
      });
      return present(customerId, stored);
    },
  };
}

/** The case policies service type, for injection. */
export type CasePoliciesService = ReturnType<typeof createCasePoliciesService>;
