import pino, { type Logger, type LoggerOptions } from 'pino';

/**
 * Paths pino removes from every log line: credentials, tokens and personal data must never
 * reach a log, whatever object a caller hands the logger.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.temporary_password',
  '*.refresh_token',
  '*.access_token',
  '*.id_token',
  '*.invite_token',
  '*.invitation_token',
  '*.tin',
  '*.ssn',
  '*.private_key',
  '*.consumer_key',
  '*.certificate',
  'password',
  'token',
  'tin',
  'ssn',
];

/** Error fields that can carry row values (PostgreSQL's `detail` shows the conflicting key's value). */
const ERROR_FIELDS_WITH_DATA = ['detail', 'where', 'parameters', 'bindings', 'config', 'request', 'response'];

/** pino's error serializer, minus the fields that can carry personal data. */
export function serializeError(err: unknown): Record<string, unknown> {
  const serialized = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS_WITH_DATA) delete serialized[field];
  return serialized;
}

/** Options of {@link createLogger}. */
export interface CreateLoggerOptions {
  level: string;
  /** The area or process name, added to every line. */
  name: string;
  /** Where lines go; defaults to stdout. Tests pass a stream to read what was logged. */
  destination?: pino.DestinationStream;
}

/** A pino logger with the suite's redaction rules. */
export function createLogger(options: CreateLoggerOptions): Logger {
  const config: LoggerOptions = {
    level: options.level,
    name: options.name,
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError },
  };
  // Lines to stdout are written asynchronously: a request never waits on the write itself, and
  // lines written while one write is under way leave together. pino flushes what is left on exit.
  return pino(config, options.destination ?? pino.destination({ dest: 1, sync: false }));
}

export type { Logger };
