/**
 * A provider could not answer. `transient` failures (outage, timeout, rate limit) are retried
 * with backoff; permanent ones (the provider refuses the request) fail the task at once. The
 * message is ours, written for the API's readers: never a raw vendor text with data in it.
 */
export class ProviderError extends Error {
  readonly transient: boolean;
  constructor(message: string, options: { transient: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.transient = options.transient;
  }
}
