import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** One request a local receiver saw. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server on 127.0.0.1 standing in for a customer's webhook endpoint. */
export interface LocalReceiver {
  port: number;
  /** `http://127.0.0.1:<port><path>` */
  url(path?: string): string;
  /** Requests whose body arrived in full. */
  received: ReceivedRequest[];
  /** TCP connections accepted, whether or not a request followed. */
  connections(): number;
}

type Answer = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** Starts receivers and closes every one of them, connections included, in `closeAll`. */
export class LocalReceivers {
  private readonly closers: Array<() => Promise<void>> = [];

  /** An HTTP receiver that reads each request body, records it, then answers with `answer`. */
  async http(answer: Answer): Promise<LocalReceiver> {
    const received: ReceivedRequest[] = [];
    let connections = 0;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
        answer(request, response, body);
      });
    });
    server.on('connection', () => (connections += 1));
    const port = await this.listen(server, () => server.closeAllConnections());
    return {
      port,
      url: (path = '/') => `http://127.0.0.1:${port}${path}`,
      received,
      connections: () => connections,
    };
  }

  /** A raw TCP listener that records the first bytes of each connection, then runs `onData`. */
  async tcp(onData: (socket: Socket, firstBytes: Buffer) => void): Promise<{ port: number; firstBytes: Buffer[] }> {
    const firstBytes: Buffer[] = [];
    const sockets = new Set<Socket>();
    const server = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
      socket.once('data', (data: Buffer) => {
        firstBytes.push(data);
        onData(socket, data);
      });
    });
    const port = await this.listen(server, () => sockets.forEach((socket) => socket.destroy()));
    return { port, firstBytes };
  }

  /** A port on 127.0.0.1 that nothing listens on. */
  async closedPort(): Promise<number> {
    const server = createTcpServer();
    const port = await listenOn(server);
    await closeServer(server, () => undefined);
    return port;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.closers.splice(0).map((close) => close()));
  }

  private async listen(server: Server, dropConnections: () => void): Promise<number> {
    const port = await listenOn(server);
    this.closers.push(() => closeServer(server, dropConnections));
    return port;
  }
}

function listenOn(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server, dropConnections: () => void): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    dropConnections();
  });
}
