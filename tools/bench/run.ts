/*
 * Benchmarks: `npm run bench`. Speed goals are measured here, never in timed tests.
 * - token verification with KeyObjects built once (what the suite does) against a PEM string
 *   handed to jsonwebtoken on every call (what it must not do);
 * - the request overhead of the shared app factory (helmet, request id, logging, ETag, metrics);
 * - computing a score from full inputs with the default weighting config;
 * - rendering the 360 report PDF of a full report.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { createMemorySessionRevocations, createTokenVerifier } from '@kyb/auth';
import { createTestKeys, TEST_AUDIENCE, TEST_ISSUER } from '@kyb/auth/testing';
import { buildRouter, createHttpApp, createLogger } from '@kyb/http';
// Apps only through their public entry point, the `area-module.ts` the suite loads (docs/adr/0001).
import { renderBusinessReport } from '../../apps/report/src/area-module';
import { computeScore, DEFAULT_WEIGHTAGE_CONFIG } from '../../apps/score/src/area-module';
import { fullReportData, fullScoreInputs } from './bench-data';

async function timeIt(label: string, iterations: number, work: () => unknown): Promise<void> {
  for (let i = 0; i < Math.min(200, iterations); i += 1) await work();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) await work();
  const micros = Number(process.hrtime.bigint() - start) / 1000 / iterations;
  process.stdout.write(`${label.padEnd(58)} ${micros.toFixed(1).padStart(8)} µs/op  (${iterations} ops)\n`);
}

async function tokenVerification(): Promise<void> {
  const keys = createTestKeys();
  const token = keys.tokenFor({ role: 'CUSTOMER', customerId: '2e6438cb-ec3f-4e94-b5c9-8c058d2efaf1', permissions: ['case:read'] });
  const verifier = createTokenVerifier({ keys: keys.keySource, issuer: TEST_ISSUER, audience: TEST_AUDIENCE, revocations: createMemorySessionRevocations() });
  const signingKey = await keys.keySource.getKey(keys.key.kid, 'ES256');
  if (!signingKey) throw new Error(`the key source has no key ${keys.key.kid}`);
  const publicPem = signingKey.key.export({ format: 'pem', type: 'spki' }).toString();
  await timeIt('verify bearer token (KeyObject cached by kid)', 5000, () => verifier.verify(token));
  await timeIt('jsonwebtoken.verify with a PEM string (for comparison)', 5000, () =>
    jwt.verify(token, publicPem, { algorithms: ['ES256'], issuer: TEST_ISSUER }),
  );
}

async function requestOverhead(): Promise<void> {
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
  await timeIt('GET through the app factory over loopback (sequential)', 2000, async () => {
    const res = await fetch(url);
    await res.arrayBuffer();
  });
  server.close();
}

async function scoring(): Promise<void> {
  const inputs = fullScoreInputs();
  await timeIt('computeScore with the default config (14 factors)', 5000, () => computeScore(DEFAULT_WEIGHTAGE_CONFIG, inputs));
}

async function reportRendering(): Promise<void> {
  const data = fullReportData(computeScore(DEFAULT_WEIGHTAGE_CONFIG, fullScoreInputs()));
  await timeIt('render the 360 report PDF (full report, 14 factors)', 50, () => renderBusinessReport(data));
}

async function main(): Promise<void> {
  await tokenVerification();
  await requestOverhead();
  await scoring();
  await reportRendering();
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${(err as Error).stack}\n`);
  process.exit(1);
});
