import type { RequestOrigin } from '@kyb/auth';

/** The client address rate limits count by (the gateway's forwarded address when trust proxy is set). */
export function clientAddress(origin: RequestOrigin): string {
  return origin.clientAddress ?? 'unknown';
}
