/** Reads one environment variable into a typed value, or explains what is wrong with it. */
export interface Setting<T> {
  /** Parses the raw value; throws an Error whose message completes "NAME ...". */
  parse(raw: string): T;
  /** Used when the variable is unset or empty; a function is called only then. */
  fallback?: T | (() => T);
  /** One line for the configuration guide's tables (docs/guides/configuration.md) and error messages. */
  description: string;
}

type Settings = Record<string, Setting<unknown>>;
type Values<S extends Settings> = { [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

/** Thrown by {@link loadConfig} with one line per problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment once at start-up. Every problem is collected, so a misconfigured
 * deployment learns everything that is wrong in one run.
 */
export function loadConfig<S extends Settings>(settings: S, env: NodeJS.ProcessEnv = process.env): Values<S> {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(settings)) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') {
      if (setting.fallback === undefined) {
        problems.push(`${name} is required: ${setting.description}`);
      } else {
        values[name] = typeof setting.fallback === 'function' ? (setting.fallback as () => unknown)() : setting.fallback;
      }
      continue;
    }
    try {
      values[name] = setting.parse(raw.trim());
    } catch (err) {
      problems.push(`${name} ${(err as Error).message}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return values as Values<S>;
}
