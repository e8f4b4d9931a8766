import type { Request } from 'express';

/** The client address rate limits count by (the gateway's forwarded address when trust proxy is set). */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
