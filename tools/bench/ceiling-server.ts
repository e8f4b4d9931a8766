/*
 * The ceiling servers every figure is compared with, each alone in a child process as the suite is:
 * - `node-http`: bare node:http answering a small JSON body;
 * - `express`: Express 5 answering the same;
 * - `full`: Express 5 + helmet + an ES256 bearer token verified with a KeyObject built once + one
 *   PostgreSQL select by primary key (a business of the case area's published view) + `res.json`,
 *   the least any authenticated read of the suite has to do.
 */
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { createServer } from 'node:http';
import express from 'express';
import helmet from 'helmet';
import jwt from 'jsonwebtoken';
import { Pool } from 'pg';
import { BUSINESS_DIRECTORY_VIEW } from '@kyb/area-views';

/** The kinds of ceiling server. */
export const CEILING_KINDS = ['node-http', 'express', 'full'] as const;
export type CeilingKind = (typeof CEILING_KINDS)[number];

/** What the `full` ceiling needs: where the database is, the key that signed the token, its issuer and audience. */
export interface CeilingEnvironment {
  BENCH_DATABASE_URL: string;
  BENCH_PUBLIC_JWK: string;
  BENCH_ISSUER: string;
  BENCH_AUDIENCE: string;
}

const SMALL_BODY = { status: 'success', message: 'Success', data: { ok: true } };

function fullCeiling(env: NodeJS.ProcessEnv): express.Express {
  const key = createPublicKey({ key: JSON.parse(env.BENCH_PUBLIC_JWK ?? '{}') as JsonWebKey, format: 'jwk' });
  const pool = new Pool({ connectionString: env.BENCH_DATABASE_URL, max: 10 });
  const app = express();
  app.use(helmet());
  app.get('/businesses/:id', async (req, res) => {
    try {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      jwt.verify(token, key, { algorithms: ['ES256'], issuer: env.BENCH_ISSUER, audience: env.BENCH_AUDIENCE });
    } catch {
      res.status(401).json({ status: 'fail', message: 'Unauthorized' });
      return;
    }
    const { rows } = await pool.query(`select * from ${BUSINESS_DIRECTORY_VIEW} where id = $1`, [req.params.id]);
    if (rows.length === 0) res.status(404).json({ status: 'fail', message: 'Business not found' });
    else res.json({ status: 'success', message: 'Success', data: rows[0] });
  });
  return app;
}

/** Serves one ceiling on `port` until the process is stopped (every kind answers `GET /ready`). */
export function serveCeiling(kind: CeilingKind, port: number, env: NodeJS.ProcessEnv): void {
  const listening = () => process.stdout.write(`ceiling ${kind} listening on ${port}\n`);
  // Exit rather than die on SIGTERM, so a CPU profile (--cpu-prof) is written.
  process.once('SIGTERM', () => process.exit(0));
  if (kind === 'node-http') {
    const body = JSON.stringify(SMALL_BODY);
    createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
    }).listen(port, '127.0.0.1', listening);
    return;
  }
  const app = kind === 'express' ? express().get('/ping', (_req, res) => void res.json(SMALL_BODY)) : fullCeiling(env);
  app.get('/ready', (_req, res) => void res.json(SMALL_BODY));
  app.listen(port, '127.0.0.1', listening);
}
