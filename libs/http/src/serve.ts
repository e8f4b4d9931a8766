import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from './logger';

/** Options of {@link serve}. */
export interface ServeOptions {
  /** The apps to listen with: the public API and, for api and worker processes, the metrics port. */
  listeners: Array<{ app: Express; port: number }>;
  logger: Logger;
  /** Closes workers, queues and pools after the servers stopped accepting requests. */
  onShutdown: () => Promise<void>;
  /** Longest time in-flight requests get to finish. */
  graceMs?: number;
}

function listen(app: Express, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, (err?: Error) => (err ? reject(err) : resolve(server)));
    server.once('error', reject);
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

/**
 * Listens, and on SIGINT/SIGTERM stops accepting connections, lets in-flight requests finish,
 * runs `onShutdown` and exits. A second signal exits at once.
 */
export async function serve(options: ServeOptions): Promise<Server[]> {
  const servers: Server[] = [];
  try {
    for (const listener of options.listeners) servers.push(await listen(listener.app, listener.port));
  } catch (err) {
    await Promise.all(servers.map(close));
    throw err;
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    options.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), options.graceMs ?? 10000);
    force.unref();
    Promise.all(servers.map(close))
      .then(() => options.onShutdown())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        options.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return servers;
}
