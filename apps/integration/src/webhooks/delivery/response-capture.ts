import { StringDecoder } from 'node:string_decoder';

/** How much of a receiver's response body is read and how much of it is kept. */
export interface ResponseLimits {
  maxResponseBytes: number;
  excerptBytes: number;
}

/**
 * The part of a receiver's response a delivery keeps: its status and the first bytes of its body.
 * Counts what was read so the caller can stop reading at `maxResponseBytes`.
 */
export class ResponseCapture {
  status: number | null = null;
  private received = 0;
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;

  constructor(private readonly limits: ResponseLimits) {}

  /** Whether the reading limit is reached and the rest of the body must be left unread. */
  get full(): boolean {
    return this.received >= this.limits.maxResponseBytes;
  }

  /** Takes one chunk of the body, keeping only what the excerpt still has room for. */
  take(chunk: Buffer): void {
    const room = Math.min(this.limits.excerptBytes, this.limits.maxResponseBytes) - this.keptBytes;
    if (room > 0) {
      // A copy, so the excerpt does not pin the whole chunk in memory.
      const part = Buffer.from(chunk.subarray(0, room));
      this.kept.push(part);
      this.keptBytes += part.length;
    }
    this.received += chunk.length;
  }

  /**
   * The kept bytes as text: null when no response arrived. Invalid UTF-8 becomes U+FFFD, a
   * character cut at the end is dropped and NUL characters are removed (Postgres text refuses them).
   */
  excerpt(): string | null {
    if (this.status === null) return null;
    return new StringDecoder('utf8').write(Buffer.concat(this.kept)).replaceAll('\u0000', '');
  }
}
