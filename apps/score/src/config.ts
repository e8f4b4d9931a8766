import { loadConfig, processSettings, text, url } from '@kyb/config';

/** Settings of the score area. */
export const scoreSettings = {
  ...processSettings,
  AUTH_JWKS_URL: url({
    description: "the auth area's JWKS, to verify bearer tokens",
    protocols: ['http:', 'https:'],
    fallback: 'http://127.0.0.1:8080/auth/api/v1/.well-known/jwks.json',
  }),
  TOKEN_ISSUER: text({ description: 'the iss claim bearer tokens must carry', fallback: 'kyb-suite-auth' }),
  SCORE_MONITORING_CRON: text({
    description: 'when monitored businesses are scored (cron, UTC)',
    fallback: '0 3 1 * *',
  }),
};

/** The validated configuration of the score area. */
export type ScoreConfig = ReturnType<typeof loadScoreConfig>;

/** Reads and validates the score area's settings from `env`. */
export function loadScoreConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(scoreSettings, env);
}
