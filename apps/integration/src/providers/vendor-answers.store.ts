import { jsonFieldsSource, jsonText, type Knex } from '@kyb/db';
import { dataKeyScope, type DataKeys, type VerificationCheckCode } from '@kyb/area-views';
import type { VendorTrace } from './verification.providers';

const TABLE = 'integration.vendor_answers';

/** What a kept answer explains: a check of a verification, or a screening's MATCH inquiry. */
export type VendorAnswerCheck = VerificationCheckCode | 'MATCH';

/** A real adapter's trace, told for the check it explains. */
export interface TracedAnswer {
  check: VendorAnswerCheck;
  trace: VendorTrace;
}

/** A vendor's answer sealed with its tenant's data key: the raw text is not held past sealing. */
export interface SealedVendorAnswer {
  check: VendorAnswerCheck;
  adapter: string;
  adapterVersion: string;
  rawSealed: string;
}

/** What kept answers belong to: a verification's checks or a screening's inquiry, of a business of a tenant. */
export type VendorAnswerSubject = { customerId: string; businessId: string } & ({ verificationId: string } | { screeningId: string });

/** A kept answer opened for an auditor: the adapter and its version, and the vendor's answer as it came. */
export interface OpenedVendorAnswer {
  check: VendorAnswerCheck;
  adapter: string;
  version: string;
  raw: string;
  keptAt: Date;
}

interface VendorAnswerRow {
  check_code: VendorAnswerCheck;
  adapter: string;
  adapter_version: string;
  raw_sealed: string;
  created_at: Date;
}

/**
 * The vendors' raw answers kept beside the verification checks and screenings they explain
 * (issue 43), sealed with the tenant's data key: they may name the business's owners, so they go
 * with an erased owner's business or tenant (the area's erasure functions), and a destroyed key
 * opens none of them anyway.
 */
export function createPgVendorAnswerStore(deps: { db: Knex; dataKeys: Pick<DataKeys, 'seal' | 'open'> }) {
  const opened = async (rows: VendorAnswerRow[]): Promise<OpenedVendorAnswer[]> =>
    Promise.all(
      rows.map(async (r) => ({ check: r.check_code, adapter: r.adapter, version: r.adapter_version, raw: await deps.dataKeys.open(r.raw_sealed), keptAt: r.created_at })),
    );
  const keptOf = (where: { verification_id: string } | { screening_id: string }) =>
    deps.db<VendorAnswerRow>(TABLE).where(where).orderBy([{ column: 'created_at' }, { column: 'check_code' }]).select('check_code', 'adapter', 'adapter_version', 'raw_sealed', 'created_at');

  return {
    /** Seals each traced answer for the tenant (before any transaction: sealing may read or make the tenant's key). */
    async seal(customerId: string, traced: readonly TracedAnswer[]): Promise<SealedVendorAnswer[]> {
      const scope = dataKeyScope(customerId);
      return Promise.all(
        traced.map(async ({ check, trace }) => ({ check, adapter: trace.adapter, adapterVersion: trace.version, rawSealed: await deps.dataKeys.seal(scope, trace.raw) })),
      );
    },

    /** Stores the sealed answers of each subject in `on`, in one statement whatever their number (none when there are none). */
    async keep(entries: ReadonlyArray<{ subject: VendorAnswerSubject; answers: readonly SealedVendorAnswer[] }>, on: Knex = deps.db): Promise<void> {
      const rows = entries.flatMap(({ subject, answers }) =>
        answers.map((a) => ({
          customer_id: subject.customerId,
          business_id: subject.businessId,
          verification_id: 'verificationId' in subject ? subject.verificationId : null,
          screening_id: 'screeningId' in subject ? subject.screeningId : null,
          check_code: a.check,
          adapter: a.adapter,
          adapter_version: a.adapterVersion,
          raw_sealed: a.rawSealed,
        })),
      );
      if (rows.length === 0) return;
      const fields = ['customer_id', 'business_id', 'verification_id', 'screening_id', 'check_code', 'adapter', 'adapter_version', 'raw_sealed'];
      const source = jsonFieldsSource('a', fields, rows);
      const uuid = (field: string) => `${jsonText(`a.${field}`)}::uuid`;
      await on.raw(
        `insert into ${TABLE} (${fields.join(', ')})
         select ${uuid('customer_id')}, ${uuid('business_id')}, ${uuid('verification_id')}, ${uuid('screening_id')},
                ${jsonText('a.check_code')}, ${jsonText('a.adapter')}, ${jsonText('a.adapter_version')}, ${jsonText('a.raw_sealed')}
         from ${source.sql}`,
        source.bindings,
      );
    },

    /** The answers kept for a verification's checks, opened (for an auditor; the raw text is the vendor's, unmasked). */
    ofVerification: async (verificationId: string): Promise<OpenedVendorAnswer[]> => opened(await keptOf({ verification_id: verificationId })),
    /** The answer kept for a screening's MATCH inquiry, opened. */
    ofScreening: async (screeningId: string): Promise<OpenedVendorAnswer[]> => opened(await keptOf({ screening_id: screeningId })),
  };
}

/** The vendor answer store type, for injection. */
export type VendorAnswerStore = ReturnType<typeof createPgVendorAnswerStore>;
