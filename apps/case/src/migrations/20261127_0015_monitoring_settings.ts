import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * Each customer's monitoring settings (issue 12): how often its monitored businesses are
 * re-enriched and the score change that raises an alert; and the read module other areas use
 * (@kyb/area-views' monitoring settings directory), which shows only customers that set them
 * (readers fall back to MONTHLY / 50 for the rest).
 */
export const monitoringSettings: Migration = {
  name: '20261127_0015_monitoring_settings',
  async up(db: Knex) {
    await db.raw(`create table cases.monitoring_settings (
      customer_id uuid primary key,
      frequency text not null constraint monitoring_settings_frequency_check check (frequency in ('MONTHLY', 'WEEKLY', 'DAILY')),
      score_change_alert_points integer not null
        constraint monitoring_settings_points_check check (score_change_alert_points between 1 and 550),
      updated_at timestamptz not null default now(),
      updated_by uuid not null
    )`);
    await db.raw(`create view cases.monitoring_settings_directory as
      select s.customer_id, s.frequency, s.score_change_alert_points, s.updated_at from cases.monitoring_settings s`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists cases.monitoring_settings_directory');
    await db.raw('drop table if exists cases.monitoring_settings');
  },
};
