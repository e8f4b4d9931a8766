import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from './logger';

/** Options of {@link serve}. */
export interface ServeOptions {
  app: Express;
  port: number;
  logger: Logger;
  /** Closes workers, queues and pools after the server stopped accepting requests. */
  onShutdown: () => Promise<void>;
  /** Longest time in-flight requests get to finish. */
  graceMs?: number;
}

/**
 * Listens, and on SIGINT/SIGTERM stops accepting connections, lets in-flight requests finish,
 * runs `onShutdown` and exits. A second signal exits at once.
 */
export function serve(options: ServeOptions): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = options.app.listen(options.port, (err?: Error) => {
      if (err) reject(err);
      else resolve(server);
    });
    server.on('error', reject);
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) process.exit(1);
      stopping = true;
      options.logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), options.graceMs ?? 10000);
      force.unref();
      server.close(() => {
        options
          .onShutdown()
          .then(() => process.exit(0))
          .catch((err: unknown) => {
            options.logger.error({ err }, 'shutdown failed');
            process.exit(1);
          });
      });
      server.closeIdleConnections();
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}
