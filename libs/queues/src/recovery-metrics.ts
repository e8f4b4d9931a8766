import { Counter, type Registry } from 'prom-client';
import type { RecoveryCounts } from './recovery';

/** The outcomes of a recovery counted by `kyb_recovery_records_total` (a record still live was not recovered). */
export const RECOVERY_OUTCOMES = ['requeued', 'failed'] as const;

/** Counts what recovery sweeps did, from the answer of each sweep job. */
export interface RecoveryCounter {
  /** Adds what one completed job of `queue` answered, when it is a sweep's answer (counts per kind of record); other answers are ignored. */
  count(queue: string, result: unknown): void;
}

/**
 * Registers `kyb_recovery_records_total{queue,kind,outcome}`: records a recovery sweep found stuck
 * and queued again (`requeued`) or ended FAILED after too many recoveries (`failed`). `queue` is
 * the sweep's queue (its area: `case-recovery`...), `kind` the key of its answer (`tasks`,
 * `screenings`...): both are fixed in code, so the series stay few.
 */
export function createRecoveryCounter(registry: Registry): RecoveryCounter {
  const records = new Counter({
    name: 'kyb_recovery_records_total',
    help: 'Stuck records a recovery sweep queued again (requeued) or ended FAILED after too many recoveries (failed), by sweep queue and kind of record',
    labelNames: ['queue', 'kind', 'outcome'] as const,
    registers: [registry],
  });
  return {
    count(queue, result) {
      if (!result || typeof result !== 'object') return;
      for (const [kind, counts] of Object.entries(result)) {
        if (!isRecoveryCounts(counts)) continue;
        for (const outcome of RECOVERY_OUTCOMES) if (counts[outcome] > 0) records.inc({ queue, kind, outcome }, counts[outcome]);
      }
    },
  };
}

function isRecoveryCounts(value: unknown): value is RecoveryCounts {
  if (!value || typeof value !== 'object') return false;
  const counts = value as Record<string, unknown>;
  return typeof counts.requeued === 'number' && typeof counts.live === 'number' && typeof counts.failed === 'number';
}
