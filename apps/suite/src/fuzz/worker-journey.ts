import fc from 'fast-check';
import { bulkBody } from './bulk-bodies';
import { envelopeProblem } from './envelope-check';
import { clip, describeWire, send, toWire, type BodyPick, type FuzzRequest } from './fuzz-request';
import type { FuzzRoute } from './fuzz-routes';
import type { FuzzContext } from './route-property';
import { bodyView } from './schema-oracle';
import type { Schema } from './schema-arbitrary';

/** How the journey went: its failure with what replays it, and how the runs it started ended. */
export interface JourneyOutcome {
  failure?: string;
  accepted: number;
  refused: number;
}

/**
 * Bodies that go through the onboarding worker: the bulk route with `async=true`, as tenant A's
 * owner, with JSON rows and the same rows as CSV (and broken CSV). An accepted body must start a
 * run that ends SUCCEEDED (only when every JSON row passes the row schema) or FAILED with a
 * reason, within the deadline; a refused one must be refused in the envelope.
 */
export async function fuzzWorkerJourney(context: FuzzContext, bulk: FuzzRoute, rowSchema: Schema): Promise<JourneyOutcome> {
  const { base, fuzzWorld, settings, runWatch } = context;
  let accepted = 0;
  let refused = 0;
  const bodies = bulkBody(rowSchema);
  const property = fc.asyncProperty(bodies, async (body: BodyPick) => {
    const request: FuzzRequest = { caller: 'owner', ids: {}, query: [['async', 'true']], body };
    const wire = toWire(bulk, request, fuzzWorld.idsFor(bulk));
    const answer = await send(base, wire, await fuzzWorld.tokenFor(bulk, 'owner'));
    const where = `\n    request: ${describeWire(wire, 'owner')}\n    answer: ${answer.status} ${clip(answer.text, 500)}`;
    const broken = envelopeProblem(answer, bulk.envelope);
    if (broken) throw new Error(`${broken}${where}`);
    if (answer.status !== 200) {
      refused++;
      return;
    }
    accepted++;
    const runId = (answer.json as { data?: { runId?: unknown } }).data?.runId;
    if (typeof runId !== 'string') throw new Error(`an accepted async bulk request without data.runId${where}`);
    const view = bodyView(wire, true);
    const ending = await runWatch.ending(runId, view.kind === 'value' && Array.isArray(view.value) ? view.value : undefined);
    if (ending) throw new Error(`${ending}${where}`);
  });
  const details = await fc.check(property, {
    seed: settings.seed,
    numRuns: settings.workerRuns,
    plugins: [fc.interruptAfterTimeLimit(Math.max(settings.routeTimeLimitMs * 4, settings.runDeadlineMs + 5000))],
  });
  if (!details.failed || details.counterexample === null) return { accepted, refused };
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return { accepted, refused, failure: `worker journey: ${error}\n    replay: FUZZ_SEED=${settings.seed} (after ${details.numRuns} runs, ${details.numShrinks} shrinks)` };
}
