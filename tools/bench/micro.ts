/*
 * The micro benchmarks of `npm run bench` (functions timed in isolation, beside the load runs):
 * - token verification: a token seen before (kept: expiry, key and session checked, no signature),
 *   a token first seen (its ES256 signature with a KeyObject built once), and a PEM string handed
 *   to jsonwebtoken on every call (what the suite must not do);
 * - the request overhead of the shared app factory (helmet, request id, logging, ETag, metrics);
 * - computing a score from full inputs with the default weighting config;
 * - rendering the 360 report PDF of a full report.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { createMemorySessionRevocations, createTokenVerifier, createVerifiedTokenCache } from '@kyb/auth';
import { createTestKeys, TEST_AUDIENCE, TEST_ISSUER } from '@kyb/auth/testing';
import { buildRouter, createHttpApp, createLogger } from '@kyb/http';
import { loadAreaExports } from './area-exports';
import { fullReportData, fullScoreInputs } from './bench-data';

/** One timed function: microseconds per call. */
export interface MicroResult {
  label: string;
  microsPerOp: number;
  ops: number;
}

/** Runs `work` `iterations` times after a warm-up and records the time per call. */
async function timeIt(results: MicroResult[], label: string, iterations: number, work: () => unknown): Promise<void> {
  for (let i = 0; i < Math.min(200, iterations); i += 1) await work();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) await work();
  results.push({ label, microsPerOp: Number(process.hrtime.bigint() - start) / 1000 / iterations, ops: iterations });
}

async function tokenVerification(results: MicroResult[], scale: number): Promise<void> {
  const keys = createTestKeys();
  const token = keys.tokenFor({ role: 'CUSTOMER', customerId: '2e6438cb-ec3f-4e94-b5c9-8c058d2efaf1', permissions: ['case:read'] });
  const verifier = createTokenVerifier({ keys: keys.keySource, issuer: TEST_ISSUER, audience: TEST_AUDIENCE, revocations: createMemorySessionRevocations() });
  const signingKey = await keys.keySource.getKey(keys.key.kid, 'ES256');
  if (!signingKey) throw new Error(`the key source has no key ${keys.key.kid}`);
  const publicPem = signingKey.key.export({ format: 'pem', type: 'spki' }).toString();
  await timeIt(results, 'verify bearer token seen before (kept: expiry, key, session)', Math.ceil(5000 * scale), () => verifier.verify(token));
  const keepingNone = createTokenVerifier({
    keys: keys.keySource,
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    revocations: createMemorySessionRevocations(),
    verified: createVerifiedTokenCache(0),
  });
  await timeIt(results, 'verify bearer token first seen (ES256, KeyObject cached by kid)', Math.ceil(5000 * scale), () => keepingNone.verify(token));
  await timeIt(results, 'jsonwebtoken.verify with a PEM string (for comparison)', Math.ceil(5000 * scale), () =>
    jwt.verify(token, publicPem, { algorithms: ['ES256'], issuer: TEST_ISSUER }),
  );
}

async function requestOverhead(results: MicroResult[], scale: number): Promise<void> {
  const router = buildRouter([
    {
      method: 'get',
      path: '/ping',
      summary: 'ping',
      tags: [],
      auth: false,
      responses: { 200: { description: 'OK' } },
      handler: (_req, res) => {
        res.json({ status: 'success', message: 'Success', data: { ok: true } });
      },
    },
  ]);
  const app = createHttpApp({ service: 'bench', logger: createLogger({ level: 'silent', name: 'bench' }), mounts: [{ prefix: '/b', router }] });
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/b/ping`;
  await timeIt(results, 'GET through the app factory over loopback (sequential)', Math.ceil(2000 * scale), async () => {
    const res = await fetch(url);
    await res.arrayBuffer();
  });
  server.close();
}

async function scoring(results: MicroResult[], scale: number): Promise<void> {
  const { computeScore, DEFAULT_WEIGHTAGE_CONFIG } = loadAreaExports();
  const inputs = fullScoreInputs();
  await timeIt(results, 'computeScore with the default config (14 factors)', Math.ceil(5000 * scale), () => computeScore(DEFAULT_WEIGHTAGE_CONFIG, inputs));
}

async function reportRendering(results: MicroResult[], scale: number): Promise<void> {
  const { computeScore, DEFAULT_WEIGHTAGE_CONFIG, renderBusinessReport } = loadAreaExports();
  const data = fullReportData(computeScore(DEFAULT_WEIGHTAGE_CONFIG, fullScoreInputs()));
  await timeIt(results, 'render the 360 report PDF (full report, 14 factors)', Math.ceil(50 * scale), () => renderBusinessReport(data));
}

/** Every micro benchmark; `scale` (0 to 1) shrinks the number of calls for the smoke run. */
export async function runMicroBenchmarks(scale: number): Promise<MicroResult[]> {
  const results: MicroResult[] = [];
  await tokenVerification(results, scale);
  await requestOverhead(results, scale);
  await scoring(results, scale);
  await reportRendering(results, scale);
  return results;
}
