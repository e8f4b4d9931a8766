import { send } from './fuzz-request';

/** A run as `GET /case/api/v1/runs/{runID}` answers it. */
interface Run {
  status: string;
  row_count: number;
  failure_reason: string | null;
  business_ids: string[];
}

/** Options of {@link createRunWatch}. */
export interface RunWatchOptions {
  base: string;
  /** A caller who may read tenant A's runs (its owner). */
  token: string;
  /** How long a run may stay PENDING. */
  deadlineMs: number;
  /** The first row of a JSON body the row schema refuses, or undefined when all pass. */
  rowProblem(rows: unknown[]): string | undefined;
}

/** Watches async onboarding runs to their end. */
export interface RunWatch {
  /** Why the run did not end as it must, or undefined: SUCCEEDED (only for rows the schema accepts) or FAILED with a reason, within the deadline. */
  ending(runId: string, jsonRows?: unknown[]): Promise<string | undefined>;
}

/** The run watch of the worker journey and of the async runs the route properties start. */
export function createRunWatch(options: RunWatchOptions): RunWatch {
  const read = async (runId: string): Promise<Run | string> => {
    const answer = await send(options.base, { method: 'GET', target: `/case/api/v1/runs/${runId}`, encodedParams: {}, search: '' }, options.token);
    if (answer.status !== 200) return `GET /runs/${runId} answered ${answer.status} ${answer.text.slice(0, 300)}`;
    return (answer.json as { data: Run }).data;
  };
  return {
    async ending(runId, jsonRows) {
      const deadline = Date.now() + options.deadlineMs;
      let run = await read(runId);
      while (typeof run !== 'string' && run.status === 'PENDING' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        run = await read(runId);
      }
      if (typeof run === 'string') return run;
      if (run.status === 'PENDING') return `run ${runId} still PENDING after ${options.deadlineMs} ms (the worker neither stored nor failed it)`;
      if (run.status === 'FAILED') {
        return typeof run.failure_reason === 'string' && run.failure_reason.trim() !== '' ? undefined : `run ${runId} FAILED without a reason`;
      }
      if (run.status !== 'SUCCEEDED') return `run ${runId} ended ${JSON.stringify(run.status)}, neither SUCCEEDED nor FAILED`;
      if (run.business_ids.length !== run.row_count) return `run ${runId} SUCCEEDED with ${run.business_ids.length} businesses for ${run.row_count} rows`;
      const refused = jsonRows && options.rowProblem(jsonRows);
      return refused ? `run ${runId} SUCCEEDED although its rows fail the row schema (${refused})` : undefined;
    },
  };
}
