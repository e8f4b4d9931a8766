import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';
import { USAGE_PAST_LIMIT_STATE } from '../onboarding/onboarding.store';

/**
 * The guard of an add stored in one statement (ADR 0037): given the month's usage with the add
 * counted (the upsert's answer, taken under the usage row's lock) and the customer's limit (null:
 * unlimited), answers the usage, or raises USAGE_PAST_LIMIT_STATE so the statement, and everything
 * its other parts inserted, is undone. The add then runs in its transaction, which tells which of
 * the two limit errors applies.
 */
export const onboardingUsageWithin: Migration = {
  name: '20261128_0021_onboarding_usage_within',
  async up(db: Knex) {
    await db.raw(`create function cases.onboarding_usage_within(used integer, monthly_limit integer) returns integer
      language plpgsql volatile as $$
      begin
        if monthly_limit is not null and used > monthly_limit then
          raise exception 'onboarding usage % passes the monthly limit %', used, monthly_limit using errcode = '${USAGE_PAST_LIMIT_STATE}';
        end if;
        return used;
      end $$`);
  },
  async down(db: Knex) {
    await db.raw('drop function if exists cases.onboarding_usage_within(integer, integer)');
  },
};
