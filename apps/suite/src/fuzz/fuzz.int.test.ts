import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createProcessGroup, createTestDatabase, createTestRedis, freePort, type TestDatabase, createCall } from '@kyb/testing';
import type { OpenApiDocument } from '../tenant-matrix/route-access';
import { toWire, type CallerName } from './fuzz-request';
import { fuzzRoutesOf, type FuzzRoute } from './fuzz-routes';
import { fuzzSettings, replayLine } from './fuzz-settings';
import { buildFuzzWorld } from './fuzz-world';
import { fuzzRoute, type FuzzContext, type RouteOutcome } from './route-property';
import { createRunWatch } from './run-watch';
import { requestArbitrary } from './request-arbitrary';
import { createOracle, createRowCheck } from './schema-oracle';
import { fuzzWorkerJourney } from './worker-journey';

/*
 * Robustness (issue 16): every route of every area, read from the areas' OpenAPI documents as the
 * built suite serves them, called with requests generated from the route's own schemas and from
 * their negation, as callers who pass authentication and role (tenant A's owner, the ADMIN) and
 * mostly with the ids of real resources. Each answer: never a 5xx, always the envelope, a 2xx only
 * for a request the schemas accept. Bodies that go through the onboarding worker (async runs, bulk
 * JSON and CSV) are followed to the run's end. Seeded (FUZZ_SEED) and bounded (FUZZ_RUNS, time).
 */
const MAIN = join(__dirname, '../../../../dist/apps/suite/main.js');
const ADMIN = { email: 'fuzz.admin@example.com', password: 'fuzz admin passphrase' };
const SINGLE_ADD = 'POST /case/api/v1/businesses/customers/{customerID}';
const BULK = 'POST /case/api/v1/businesses/customers/{customerID}/bulk';
/** The case routes of issue 45: a customer's decision policy, a draft's dry run, a reviewer's decision, the cases list with its filters. */
const ISSUE_45 = [
  'GET /case/api/v1/customers/{customerID}/case-policy',
  'PUT /case/api/v1/customers/{customerID}/case-policy',
  'POST /case/api/v1/customers/{customerID}/case-policy/dry-run',
  'POST /case/api/v1/cases/{caseID}/decision',
  'GET /case/api/v1/customers/{customerID}/cases',
];
const settings = fuzzSettings();

describe(`fuzzing every route (seed ${settings.seed}, ${settings.runs} runs a route)`, () => {
  const processes = createProcessGroup();
  const dataEncryptionKey = randomBytes(32);
  const redis = createTestRedis();
  let database: TestDatabase;
  let routes: FuzzRoute[];
  let context: FuzzContext;
  let owner: { role: string; permissions: string[] };

  beforeAll(async () => {
    process.stderr.write(`fuzz: seed ${settings.seed}; replay with ${replayLine(settings)}\n`);
    database = await createTestDatabase();
    const port = await freePort();
    const suite = processes.start(MAIN, {
      PORT: String(port),
      METRICS_PORT: String(await freePort()),
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.prefix,
      SUITE_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyb-fuzz-')),
      DATA_ENCRYPTION_KEY: dataEncryptionKey.toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SIGN_IN_ATTEMPTS_PER_EMAIL: '100000',
      SIGN_IN_ATTEMPTS_PER_ADDRESS: '100000',
      SIGN_IN_SLOWDOWN_AFTER_PER_EMAIL: '100000',
      SCREENING_SANDBOX_DELAY_MS: '100',
      // The matrix world registers a webhook on the loopback (a closed port).
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_DISPATCH_EVERY_MS: '200',
      LOG_LEVEL: 'warn',
    });
    const output = await suite.waitFor(/Press Ctrl-C to stop/);
    const documents = [...output.matchAll(/OpenAPI: (\S+?)\)/g)].map((m) => m[1]);
    routes = [];
    for (const url of documents) routes.push(...fuzzRoutesOf((await (await fetch(url)).json()) as OpenApiDocument));
    const base = `http://127.0.0.1:${port}`;
    const fuzzWorld = await buildFuzzWorld(createCall(base), database.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, dataEncryptionKey });
    owner = { role: 'CUSTOMER', permissions: fuzzWorld.world.callers.owner.permissions };
    const rowProblem = createRowCheck(rowSchema());
    const runWatch = createRunWatch({ base, token: fuzzWorld.world.callers.owner.token!, deadlineMs: settings.runDeadlineMs, rowProblem });
    context = { base, fuzzWorld, settings, runWatch };
  }, 120_000);

  afterAll(async () => {
    await processes.stopAll();
    await database?.destroy();
    await redis.clean();
  });

  /** The single-add route's body: the schema of every bulk row. */
  function rowSchema() {
    const schema = routes.find((r) => r.key === SINGLE_ADD)?.bodySchema;
    if (!schema) throw new Error(`${SINGLE_ADD} publishes no body schema`);
    return schema;
  }

  /** Who calls `route`: nobody for a public route, else the owner and the ADMIN where role and permissions let them, and the invited applicant where only an APPLICANT may. */
  function callersOf(route: FuzzRoute): CallerName[] {
    if (!route.auth) return ['anonymous'];
    const callers: CallerName[] = [];
    if (route.roles.includes(owner.role) && route.permissions.every((p) => owner.permissions.includes(p))) callers.push('owner');
    if (route.roles.includes('ADMIN')) callers.push('admin');
    if (callers.length === 0 && route.roles.includes('APPLICANT')) callers.push('applicant');
    return callers;
  }

  it('reads every area\'s routes with their schemas, the bulk route and its row schema among them', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => r.key)).toEqual(expect.arrayContaining([SINGLE_ADD, BULK]));
    expect(rowSchema()).toMatchObject({ type: 'object', required: ['name'], additionalProperties: false });
    for (const route of routes) expect([route.key, callersOf(route).length > 0]).toEqual([route.key, true]);
  });

  it('fuzzes the case routes of issue 45 with requests their schemas accept: policies nesting all, any and not, decisions, the cases list by each filter', () => {
    const coverage = ISSUE_45.map((key) => {
      const route = routes.find((r) => r.key === key);
      if (!route) return { key, read: false };
      const oracle = createOracle(route);
      const requests = fc.sample(requestArbitrary(route, callersOf(route)), { seed: settings.seed, numRuns: 300 });
      const accepted = requests.map((request) => toWire(route, request, context.fuzzWorld.idsFor(route))).filter((wire) => oracle(wire).accepted === true);
      const bodies = accepted.map((wire) => wire.body?.toString('utf8') ?? '');
      const filters = Object.keys((route.query.find((p) => p.name === 'filter')?.schema.properties as object | undefined) ?? {});
      return {
        key,
        read: true,
        callers: callersOf(route).length > 0,
        accepted: accepted.length > 0,
        // Conditions of every kind reach the handler; a list is asked by each filter it publishes.
        nested: ['"all":', '"any":', '"not":'].filter((group) => bodies.some((body) => body.includes(group))),
        filters,
        filtersNeverAsked: filters.filter((name) => !accepted.some((wire) => wire.search.includes(`filter%5B${name}%5D=`))),
      };
    });
    const policy = { read: true, callers: true, accepted: true, nested: ['"all":', '"any":', '"not":'], filters: [], filtersNeverAsked: [] };
    const plain = { read: true, callers: true, accepted: true, nested: [], filters: [], filtersNeverAsked: [] };
    expect(coverage).toEqual([
      { key: ISSUE_45[0], ...plain },
      { key: ISSUE_45[1], ...policy },
      { key: ISSUE_45[2], ...policy },
      { key: ISSUE_45[3], ...plain },
      { key: ISSUE_45[4], ...plain, filters: expect.arrayContaining(['status', 'origin', 'assignee_id', 'business_id']) },
    ]);
  });

  it('ends every async bulk run, JSON or CSV, SUCCEEDED or FAILED with a reason', async () => {
    const outcome = await fuzzWorkerJourney(context, routes.find((r) => r.key === BULK)!, rowSchema());
    process.stderr.write(`fuzz: worker journey: ${outcome.accepted} runs accepted and followed to their end, ${outcome.refused} bodies refused\n`);
    expect(outcome.failure).toBeUndefined();
    expect(outcome.accepted).toBeGreaterThan(0);
  }, 240_000);

  it('answers every route never with a 5xx, always in the envelope, and a 2xx only for a request its schemas accept', async () => {
    const { fuzzWorld } = context;
    const chosen = routes.filter((r) => !settings.routeFilter || r.key.includes(settings.routeFilter));
    // Logging out ends the caller's sessions: that route comes after every other.
    const ordered = [...chosen].sort((a, b) => Number(fuzzWorld.endsSessions(a)) - Number(fuzzWorld.endsSessions(b)));
    const outcomes: RouteOutcome[] = [];
    for (const route of ordered) outcomes.push(await fuzzRoute(context, route, callersOf(route), route.key === BULK ? rowSchema() : undefined));
    const summary = outcomes.map((o) => `  ${o.key}: ${o.runs} requests, statuses ${JSON.stringify(o.statuses)}${o.failure ? ' FAILED' : ''}`);
    process.stderr.write(`fuzz: seed ${settings.seed}\n${summary.join('\n')}\n`);
    expect(outcomes.filter((o) => o.failure).map((o) => o.failure)).toEqual([]);
    if (!settings.routeFilter) expect(outcomes.map((o) => o.key)).toEqual(expect.arrayContaining(ISSUE_45));
    // The fuzz reaches the handlers: most routes answered a 2xx at least once (not judged when one route is replayed).
    const reached = outcomes.filter((o) => Object.keys(o.statuses).some((s) => Number(s) < 300)).length;
    if (!settings.routeFilter) expect(reached).toBeGreaterThan(outcomes.length / 2);
  }, 600_000);
});
