import type { DataKeys } from './data-keys';
import { dataKeyScope } from './data-keys';

/**
 * The seal of an area's kept `Idempotency-Key` answers: a customer's answers with its tenant's
 * data key (erasing the tenant makes them unreadable too), an ADMIN's or applicant's with the
 * platform's (they expire within a day).
 */
export function idempotencyAnswerSeal(dataKeys: DataKeys) {
  return {
    seal: (scope: string, text: string) => dataKeys.seal(scope.startsWith('customer:') ? dataKeyScope(scope.slice('customer:'.length)) : dataKeyScope(null), text),
    open: (sealed: string) => dataKeys.open(sealed),
  };
}
