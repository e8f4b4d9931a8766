import fc from 'fast-check';
import { envelopeProblem } from './envelope-check';
import { bodyView, createOracle } from './schema-oracle';
import { clip, describeWire, send, toWire, type Answer, type CallerName, type FuzzRequest, type WireRequest } from './fuzz-request';
import type { FuzzRoute } from './fuzz-routes';
import { replayLine, type FuzzSettings } from './fuzz-settings';
import type { FuzzWorld } from './fuzz-world';
import { requestArbitrary } from './request-arbitrary';
import type { RunWatch } from './run-watch';
import type { Schema } from './schema-arbitrary';

/** What the route properties share. */
export interface FuzzContext {
  base: string;
  fuzzWorld: FuzzWorld;
  settings: FuzzSettings;
  runWatch: RunWatch;
}

/** How one route's property went: its failure (with what replays it), and the statuses it saw. */
export interface RouteOutcome {
  key: string;
  failure?: string;
  runs: number;
  statuses: Record<number, number>;
}

/** A broken property: what was wrong, the request and the answer. */
class FuzzFailure extends Error {
  constructor(problem: string, wire: WireRequest, caller: CallerName, answer?: Answer) {
    super(`${problem}\n    request: ${describeWire(wire, caller)}${answer ? `\n    answer: ${answer.status} ${clip(answer.text, 500)}` : ''}`);
  }
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * Fuzzes one route: `settings.runs` requests from its schemas and their negation, each judged by
 * the envelope and by the oracle ("a 2xx only for a request the schemas accept"). An async run a
 * request starts is followed to its end. Seeded, bounded in count and time.
 */
export async function fuzzRoute(context: FuzzContext, route: FuzzRoute, callers: CallerName[], rowSchema?: Schema): Promise<RouteOutcome> {
  const { base, fuzzWorld, settings, runWatch } = context;
  const oracle = createOracle(route, rowSchema);
  const statuses: Record<number, number> = {};
  let runs = 0;
  const property = fc.asyncProperty(requestArbitrary(route, callers, rowSchema), async (request: FuzzRequest) => {
    runs++;
    const wire = toWire(route, request, fuzzWorld.idsFor(route));
    const verdict = oracle(wire);
    let answer: Answer;
    try {
      answer = await send(base, wire, await fuzzWorld.tokenFor(route, request.caller));
    } catch (err) {
      throw new FuzzFailure(`no answer (${(err as Error).message})`, wire, request.caller);
    }
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    const broken = envelopeProblem(answer, route.envelope);
    if (broken) throw new FuzzFailure(broken, wire, request.caller, answer);
    if (!isSuccess(answer.status)) return;
    if (verdict.accepted === false) throw new FuzzFailure(`a ${answer.status} for a request its schemas refuse (${verdict.why})`, wire, request.caller, answer);
    const started = answer.json as { message?: string; data?: { runId?: string } };
    if (started.message === 'Bulk process started' && typeof started.data?.runId === 'string') {
      const view = bodyView(wire, rowSchema !== undefined);
      const rows = view.kind === 'value' ? (Array.isArray(view.value) ? view.value : [view.value]) : undefined;
      const ending = await runWatch.ending(started.data.runId, rows);
      if (ending) throw new FuzzFailure(ending, wire, request.caller, answer);
    }
  });
  const details = await fc.check(property, { seed: settings.seed, numRuns: settings.runs, plugins: [fc.interruptAfterTimeLimit(settings.routeTimeLimitMs)] });
  if (!details.failed || details.counterexample === null) return { key: route.key, runs, statuses };
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  // Each route's property starts from the same seed, so the seed and the route replay this one alone.
  const replay = replayLine(settings, route.key);
  return { key: route.key, runs, statuses, failure: `${route.key}: ${error}\n    replay: ${replay} (after ${details.numRuns} runs, ${details.numShrinks} shrinks)` };
}
