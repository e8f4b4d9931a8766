import { schemaOf, strictObject, uuidParams } from '@kyb/validation';
import type { BusinessRowInput } from '../businesses/business-row.columns';
import { businessRowProperties } from './add-business.columns';

/** Path of a customer's onboarding. */
export const customerParams = uuidParams('customerID');

/** Path of one onboarding run. */
export const runParams = uuidParams('runID');

/**
 * `async=true`: answer at once. A bulk run is kept and its rows checked and stored by the
 * onboarding worker; a single business is checked and stored at once, and answered with its id,
 * while enrichment and scoring run in the background (as they always do).
 */
export const asyncQuery = strictObject({
  async: { type: 'boolean', default: false },
  dry_run: { type: 'boolean', default: false, description: 'run every check (schema, rows, duplicates, the limit) and answer as the request would, storing, queuing and counting nothing; an Idempotency-Key is neither used up nor checked; refused with async=true (400)' },
});

/**
 * E12's body: one flat row. Typed loosely on purpose, as the row type the service takes: its
 * columns are built from a table at run time (add-business.columns.ts), so no literal type exists
 * to derive from, and a literal of that many columns would make the derived type too deep to check.
 */
export const addBusinessBody = schemaOf<BusinessRowInput>(strictObject(businessRowProperties, ['name']));
