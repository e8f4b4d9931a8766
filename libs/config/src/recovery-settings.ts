import { integer } from './settings';

/**
 * The settings of an area whose workers sweep for stuck records: how often the sweep runs, and how
 * long a record may stay not final since its last progress before it counts as stuck (its job
 * lost, its worker dead) and is queued again or failed.
 */
export const recoverySettings = {
  RECOVERY_SWEEP_EVERY_MS: integer({ description: 'how often each area sweeps for stuck records (ms)', fallback: 60000, min: 100, max: 24 * 3600 * 1000 }),
  RECOVERY_STUCK_AFTER_MS: integer({
    description: 'how long a record may stay not final since its last progress before the sweep queues it again or fails it (ms)',
    fallback: 300000,
    min: 1000,
    max: 7 * 24 * 3600 * 1000,
  }),
};
