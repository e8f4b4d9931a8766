/*
 * The customer's alert for a contested case decision (issue 45): the case area announces each
 * contest (`case.decision_contested`) in its event feed and publishes it in
 * `cases.case_decision_contest_directory`; this round reads the feed with its own position
 * (`scores.event_feed_cursors`), reads the contests it names, and raises one CASE_DECISION_CONTESTED
 * alert per contest, announced as `risk.alert`, in the transaction that moves the position.
 */
import { readFeedAtCursor, type DecisionContestDirectory, type DecisionContestEntry, type ErasedCustomers, type FeedEvent } from '@kyb/area-views';
import { recordEvents, type Knex } from '@kyb/db';
import { insertCaseAlerts } from './alerts-raised.store';
import { contestAlert } from './contest-rules';

/** Where the score worker stands in other areas' feeds. */
const CURSORS = 'scores.event_feed_cursors';

/** What the round needs. */
export interface ContestAlertRoundDeps {
  db: Knex;
  contests: Pick<DecisionContestDirectory, 'ofCases'>;
  /** Which tenants were erased: nothing is raised for them. */
  erased: Pick<ErasedCustomers, 'erasedAmong'>;
  clock: () => Date;
  /** Events read per round. */
  feedLimit: number;
}

/** What a round did: the case area's events read, the contests among them, and the alerts raised. */
export interface ContestAlertRoundResult {
  events: number;
  contests: number;
  raised: number;
}

/** The contests `events` announce, read from the directory for their own tenant (one read per customer). */
async function contestsOf(deps: ContestAlertRoundDeps, events: readonly FeedEvent[]): Promise<DecisionContestEntry[]> {
  const byCustomer = new Map<string, FeedEvent[]>();
  for (const event of events) byCustomer.set(event.customerId, [...(byCustomer.get(event.customerId) ?? []), event]);
  const erased = await deps.erased.erasedAmong([...byCustomer.keys()]);
  const found: DecisionContestEntry[] = [];
  for (const [customerId, announced] of byCustomer) {
    if (erased.has(customerId)) continue;
    const wanted = new Set(announced.map((e) => `${e.data.case_id}|${e.data.would_decide}`));
    const contests = await deps.contests.ofCases(customerId, announced.flatMap((e) => (e.data.case_id ? [e.data.case_id] : [])));
    found.push(...contests.filter((c) => wanted.has(`${c.caseId}|${c.wouldDecide}`)));
  }
  return found;
}

/** Creates the round; `round()` runs one (the score worker schedules it every second, tests call it). */
export function createContestAlertRound(deps: ContestAlertRoundDeps) {
  return {
    async round(): Promise<ContestAlertRoundResult> {
      return deps.db.transaction(async (trx) => {
        // Another round holds the position: it does this work.
        const events = await readFeedAtCursor(trx, CURSORS, 'cases', deps.feedLimit);
        if (!events) return { events: 0, contests: 0, raised: 0 };
        const announced = events.filter((e) => e.type === 'case.decision_contested');
        const contests = announced.length === 0 ? [] : await contestsOf(deps, announced);
        const raised = await insertCaseAlerts(trx, contests.map(contestAlert), deps.clock());
        await recordEvents(trx, 'scores', raised);
        return { events: events.length, contests: contests.length, raised: raised.length };
      });
    },
  };
}

/** The contest alert round type, for injection. */
export type ContestAlertRound = ReturnType<typeof createContestAlertRound>;
