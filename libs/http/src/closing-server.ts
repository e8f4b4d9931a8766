import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** A server's connections, followed so that {@link ClosingServer.close} cuts no answer short. */
export interface ClosingServer {
  /**
   * Stops accepting connections at once, and resolves once every connection is closed:
   * - a connection with no request on it closes at once, unless a next request is arriving on it;
   * - a request in flight is answered, with `Connection: close` if its headers are not sent yet,
   *   and its connection closes once the answer is written out.
   */
  close(): Promise<void>;
}

interface Connection {
  answering: Set<ServerResponse>;
  /** The socket's bytesRead when its last answer was written out: more since means a request is arriving. */
  bytesReadWhenIdle: number;
}

/**
 * Follows `server`'s connections from now on (call it before the server listens).
 *
 * Node's own `server.close()` (since 19) destroys every connection it counts as idle, and one whose
 * answer is ended but still being written to a client that reads slowly counts as idle: the client
 * got a cut body ("TypeError: terminated" on a 1,000-row bulk answer during a graceful stop). Here a
 * connection closes only once its answers are written out.
 */
export function followConnections(server: Server): ClosingServer {
  const connections = new Map<Socket, Connection>();
  let closing = false;

  /**
   * `Connection: close` on the connection's newest answer only: Node closes the connection after an
   * answer that says so, and a pipelined request behind it would get none.
   */
  const askToCloseAfterLast = (connection: Connection) => {
    // Answers go out in order: those not started yet are the newest ones.
    const notStarted = [...connection.answering].filter((res) => !res.headersSent);
    notStarted.forEach((res, i) => (i === notStarted.length - 1 ? res.setHeader('Connection', 'close') : res.removeHeader('Connection')));
  };

  const closeIfIdle = (socket: Socket, connection: Connection) => {
    if (!closing || connection.answering.size > 0 || socket.destroyed) return;
    // A next request's bytes came in after the last answer: let it arrive and be answered.
    if (socket.bytesRead > connection.bytesReadWhenIdle) return;
    socket.destroy();
  };

  server.on('connection', (socket: Socket) => {
    const connection: Connection = { answering: new Set(), bytesReadWhenIdle: 0 };
    connections.set(socket, connection);
    socket.once('close', () => connections.delete(socket));
  });

  // Before the app's own listener, which may answer at once.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const connection = connections.get(socket);
    if (!connection) return;
    connection.answering.add(res);
    if (closing) askToCloseAfterLast(connection);
    // 'finish' comes once the answer is handed to the kernel; 'close' alone when the caller went away.
    const answered = () => {
      if (!connection.answering.delete(res)) return;
      if (connection.answering.size === 0) connection.bytesReadWhenIdle = socket.bytesRead;
      closeIfIdle(socket, connection);
    };
    res.once('finish', answered);
    res.once('close', answered);
  });

  return {
    close() {
      closing = true;
      return new Promise((resolve) => {
        // net.Server's close: stops listening and calls back once every connection closed, without
        // the HTTP server's destroying of "idle" connections described above.
        NetServer.prototype.close.call(server, () => resolve());
        for (const [socket, connection] of connections) {
          askToCloseAfterLast(connection);
          closeIfIdle(socket, connection);
        }
      });
    },
  };
}
