import { randomUUID } from 'node:crypto';
import type { Answer, Call } from '@kyb/testing';
import { CELLS, type CellName, type World } from './matrix-world';
import { expectedAnswer, expectedForMalformed, NOT_YOURS, type Expected, type MatrixRoute } from './route-access';
import type { RouteSample } from './route-samples';

/** One call and the answer it must get. */
interface Probe {
  label: string;
  token?: string;
  path: string;
  expected: Expected;
}

/** Two calls a caller may not tell apart: something of another tenant, and something that does not exist. */
interface Pair {
  label: string;
  token?: string;
  notYours: string;
  unknown: string;
}

/** The route's path with `values` (by lower-cased parameter name) filled in. */
function fillPath(route: MatrixRoute, values: Record<string, string>): string {
  return route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = values[name.toLowerCase()];
    if (value === undefined) throw new Error(`${route.key}: the matrix has no value for path parameter ${name}; add one to the world`);
    return encodeURIComponent(value);
  });
}

function probesOf(route: MatrixRoute, world: World, sample: RouteSample): { probes: Probe[]; pairs: Pair[] } {
  const { callers } = world;
  const fixed = sample.fixed ?? {};
  const ids = { ...world.ids, ...sample.ids?.(world), ...fixed };
  const probes: Probe[] = CELLS.map((cell) => ({ label: cell, token: callers[cell].token, path: fillPath(route, ids), expected: expectedAnswer(route, callers[cell]) }));
  const pairs: Pair[] = [];
  if (!route.auth || route.params.length === 0) return { probes, pairs };
  const malformed = { ...ids, [route.params[0].toLowerCase()]: 'not-a-uuid' };
  for (const cell of ['otherOwner', 'user'] as CellName[]) {
    probes.push({ label: `${cell}, ${route.params[0]} not a UUID`, token: callers[cell].token, path: fillPath(route, malformed), expected: expectedForMalformed(route, callers[cell]) });
  }
  const unknown = { ...Object.fromEntries(Object.keys(ids).map((name) => [name, randomUUID()])), ...fixed };
  for (const cell of ['otherOwner', 'applicantNotInvited'] as CellName[]) {
    const caller = callers[cell];
    if (expectedAnswer(route, caller) !== NOT_YOURS) continue;
    pairs.push({ label: `${cell}: tenant A's ids against unknown ids`, token: caller.token, notYours: fillPath(route, ids), unknown: fillPath(route, unknown) });
    const customerParam = route.params.find((p) => p.toLowerCase() === 'customerid');
    // Ids besides the customer's: a fixed value (a capability) is the same for every tenant.
    const otherIds = route.params.filter((p) => p !== customerParam && !(p.toLowerCase() in fixed));
    if (caller.customerId && customerParam && otherIds.length > 0) {
      const own = { customerid: caller.customerId };
      pairs.push({
        label: `${cell}: its own customer with tenant A's other ids against unknown ones`,
        token: caller.token,
        notYours: fillPath(route, { ...ids, ...own }),
        unknown: fillPath(route, { ...unknown, ...own }),
      });
    }
  }
  return { probes, pairs };
}

const shorten = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}...` : text);

/** Why `answer` is not `expected`, or undefined when it is. */
function judge(answer: Answer, expected: Expected, ok: number[]): string | undefined {
  if (expected.kind === 'ok') return ok.includes(answer.status) ? undefined : `expected ${ok.join(' or ')}, got ${answer.status} ${shorten(answer.text)}`;
  const { status, body } = answer;
  const got = { status, errorCode: body.errorCode, errorName: body.data?.errorName, message: body.message };
  const want = { status: expected.status, errorCode: expected.errorCode, errorName: expected.errorName, message: expected.message };
  return JSON.stringify(got) === JSON.stringify(want) ? undefined : `expected ${JSON.stringify(want)}, got ${status} ${shorten(answer.text)}`;
}

/** Calls `route` in every cell (and the probes beside them); answers one line per cell that answered otherwise. */
export async function runRoute(call: Call, route: MatrixRoute, sample: RouteSample, world: World): Promise<string[]> {
  const failures: string[] = [];
  let planned: ReturnType<typeof probesOf>;
  try {
    planned = probesOf(route, world, sample);
  } catch (err) {
    return [(err as Error).message];
  }
  const send = (path: string, token: string | undefined) => call(route.method, path, { token, body: sample.body?.(world), query: sample.query });
  await Promise.all([
    ...planned.probes.map(async (probe) => {
      const problem = judge(await send(probe.path, probe.token), probe.expected, sample.ok);
      if (problem) failures.push(`${route.key} as ${probe.label}: ${problem}`);
    }),
    ...planned.pairs.map(async (pair) => {
      const [notYours, unknown] = await Promise.all([send(pair.notYours, pair.token), send(pair.unknown, pair.token)]);
      if (notYours.status !== unknown.status || notYours.text !== unknown.text) {
        failures.push(`${route.key}, ${pair.label}: not yours ${notYours.status} ${shorten(notYours.text)} but unknown ${unknown.status} ${shorten(unknown.text)}`);
        return;
      }
      const problem = judge(notYours, NOT_YOURS, []);
      if (problem) failures.push(`${route.key}, ${pair.label}: ${problem}`);
    }),
  ]);
  return failures;
}
