import { runJourney, type JourneyContext, type JourneyOutcome, type JourneyPlan } from './fault-journey';

/** The steady stream of journeys under way. */
export interface Traffic {
  /** When the stream started (ms since the epoch): the faults are timed from it. */
  readonly startedAt: number;
  /** Every journey's outcome, once the last one ended (finished, stopped, or out of time). */
  readonly finished: Promise<JourneyOutcome[]>;
}

/**
 * What journey `index` does: every one adds a business and reads its records and score; every
 * sixth adds it with `async=true`; every third requests and reads a report; every fourth runs a
 * screening, and another fourth invites an applicant.
 */
export function planOf(index: number): JourneyPlan {
  return { index, asyncAdd: index % 6 === 5, report: index % 3 === 0, screening: index % 4 === 1, invite: index % 4 === 3 };
}

/** Starts `count` journeys, one every `spacingMs`, each running to its end on its own. */
export function startTraffic(options: { count: number; spacingMs: number; context: JourneyContext }): Traffic {
  const startedAt = Date.now();
  const journeys: Array<Promise<JourneyOutcome>> = [];
  for (let index = 0; index < options.count; index++) {
    journeys.push(
      new Promise((resolve) => setTimeout(resolve, index * options.spacingMs)).then(() => runJourney(planOf(index), options.context)),
    );
  }
  return { startedAt, finished: Promise.all(journeys) };
}
