import type { Server } from 'node:http';
import type { Express } from 'express';
import { createAppServer } from './app-server';
import { answerClientErrorsInEnvelope } from './client-errors';
import { followConnections, type ClosingServer } from './closing-server';
import type { Logger } from './logger';
import type { ShutdownState } from './shutdown-state';

/** Options of {@link serve}. */
export interface ServeOptions {
  /**
   * The apps to listen with: the public API and the ops port (health, readiness, metrics). The ops
   * port closes last, so that while jobs finish it still says the process is alive but not ready.
   */
  listeners: Array<{ app: Express; port: number; ops?: boolean }>;
  logger: Logger;
  /** Told when the stop begins: `/readyz` answers 503 from then on, and responses close their connection. */
  shutdown: ShutdownState;
  /**
   * Closes workers (each finishes its running jobs), queues and pools, after the servers stopped
   * accepting requests and those in flight were answered.
   */
  onShutdown: () => Promise<void>;
  /**
   * On SIGTERM, how long the process goes on serving while `/readyz` answers 503, so that the load
   * balancer sees it and stops sending new requests before the port closes (SHUTDOWN_DRAIN_MS).
   * SIGINT (Ctrl-C, a local run) skips it.
   */
  drainMs?: number;
  /** Longest time requests in flight and running jobs get to finish before the process exits anyway (SHUTDOWN_GRACE_MS). */
  graceMs?: number;
}

interface Listening {
  server: Server;
  closing: ClosingServer;
}

function listen(app: Express, port: number): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = createAppServer(app);
    const closing = followConnections(server);
    server.once('error', reject);
    server.listen(port, () => resolve({ server, closing }));
    answerClientErrorsInEnvelope(server);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Listens, and on SIGTERM or SIGINT stops in this order: readiness turns false (the drain: still
 * serving for `drainMs`, SIGTERM only), the ports close and requests in flight finish, then
 * `onShutdown` lets running jobs finish, and the process exits 0. Past `graceMs` it exits 1: a job
 * still running then is handed back to its queue by BullMQ's stalled-job check once its lock lapses.
 * A second signal exits at once.
 */
export async function serve(options: ServeOptions): Promise<Server[]> {
  const servers: Listening[] = [];
  const close = (listening: Listening) => listening.closing.close();
  try {
    for (const listener of options.listeners) servers.push(await listen(listener.app, listener.port));
  } catch (err) {
    await Promise.all(servers.map(close));
    throw err;
  }
  const stop = (signal: NodeJS.Signals) => {
    if (options.shutdown.stopping) process.exit(1);
    options.shutdown.begin();
    const drainMs = signal === 'SIGTERM' ? options.drainMs ?? 0 : 0;
    options.logger.info({ signal, drainMs, graceMs: options.graceMs }, 'shutting down: not ready any more');
    const force = setTimeout(() => {
      options.logger.error({ graceMs: options.graceMs }, 'shutdown grace ran out; exiting with work unfinished');
      process.exit(1);
    }, drainMs + (options.graceMs ?? 25_000));
    force.unref();
    const isOps = (i: number) => options.listeners[i].ops === true;
    sleep(drainMs)
      .then(() => Promise.all(servers.filter((_s, i) => !isOps(i)).map(close)))
      .then(() => options.onShutdown())
      .then(() => Promise.all(servers.filter((_s, i) => isOps(i)).map(close)))
      .then(() => {
        options.logger.info({ signal }, 'stopped cleanly');
        process.exit(0);
      })
      .catch((err: unknown) => {
        options.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return servers.map((listening) => listening.server);
}
