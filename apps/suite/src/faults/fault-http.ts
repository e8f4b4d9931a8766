import type { Answer, Envelope } from '@kyb/testing';

/** One request of the traffic and how it was answered. */
export interface RecordedAnswer {
  journey: string;
  step: string;
  method: string;
  path: string;
  /** The HTTP status; 0 when no answer came (connection refused or reset, or the time-out). */
  status: number;
  /** The body is the contract's envelope (2.1): `status`, `message` and, on failure, `errorCode`. */
  envelope: boolean;
  ms: number;
  /** The client-side failure when there was no answer. */
  error?: string;
  /** The envelope's message and errorName, kept for failures so a report can say what the server said. */
  message?: string;
  errorName?: string;
}

/** A request the traffic makes: method, path under the api, bearer token and body. */
export interface TrafficRequest {
  journey: string;
  step: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  token?: string;
  body?: unknown;
}

/** Calls the api with a time-out and records every answer. */
export interface RecordingClient {
  readonly answers: RecordedAnswer[];
  call(request: TrafficRequest): Promise<Answer>;
}

function isEnvelope(body: Envelope, status: number): boolean {
  if (typeof body.status !== 'string' || typeof body.message !== 'string') return false;
  if (status >= 200 && status < 300) return body.status === 'success';
  return (body.status === 'fail' || body.status === 'error') && typeof body.errorCode === 'string' && typeof body.data?.errorName === 'string';
}

/**
 * A client whose every request gives up after `timeoutMs` (a hang is an answer too: status 0
 * with the time-out as its error), and which records status, envelope and duration of each.
 */
export function createRecordingClient(base: string, timeoutMs: number): RecordingClient {
  const answers: RecordedAnswer[] = [];
  return {
    answers,
    async call(request) {
      const started = Date.now();
      const headers: Record<string, string> = {};
      if (request.token) headers.authorization = `Bearer ${request.token}`;
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const recorded: RecordedAnswer = { journey: request.journey, step: request.step, method: request.method, path: request.path, status: 0, envelope: false, ms: 0 };
      let answer: Answer = { status: 0, body: {}, text: '' };
      try {
        const res = await fetch(`${base}${request.path}`, {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        let body: Envelope = {};
        try {
          body = text ? (JSON.parse(text) as Envelope) : {};
        } catch {
          // Not JSON: not the envelope either.
        }
        answer = { status: res.status, body, text };
        recorded.status = res.status;
        recorded.envelope = isEnvelope(body, res.status);
        if (res.status >= 300) {
          recorded.message = body.message ?? text.slice(0, 200);
          recorded.errorName = body.data?.errorName;
        }
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause?.code;
        recorded.error = `${(err as Error).name}: ${(err as Error).message}${cause ? ` (${cause})` : ''}`;
      }
      recorded.ms = Date.now() - started;
      answers.push(recorded);
      return answer;
    },
  };
}

/** The answers that break the rule: anything but 2xx, or 503 in the envelope (retryable). */
export function unacceptable(answers: RecordedAnswer[]): RecordedAnswer[] {
  return answers.filter((a) => !((a.status >= 200 && a.status < 300 && a.envelope) || (a.status === 503 && a.envelope)));
}

/**
 * Answers grouped by route (ids left out), status, errorName and message: one line per group
 * with its count and first journeys, so a failure reads as a list of distinct problems.
 */
export function grouped(answers: RecordedAnswer[]): string[] {
  const groups = new Map<string, { count: number; journeys: Set<string> }>();
  for (const a of answers) {
    const route = a.path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id');
    const said = a.status === 0 ? `no answer: ${a.error}` : `${a.status}${a.envelope ? '' : ' (not the envelope)'} ${a.errorName ?? ''} '${a.message ?? ''}'`;
    const key = `${a.method} ${route} -> ${said}`;
    const group = groups.get(key) ?? { count: 0, journeys: new Set<string>() };
    group.count += 1;
    group.journeys.add(a.journey);
    groups.set(key, group);
  }
  return [...groups].map(([key, g]) => `${key} x${g.count} (${[...g.journeys].slice(0, 5).join(', ')})`);
}

/** Counts of answers by status (0: none came), for the test's summary. */
export function statusCounts(answers: RecordedAnswer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[String(a.status)] = (counts[String(a.status)] ?? 0) + 1;
  return counts;
}
