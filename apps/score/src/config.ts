import { loadConfig, processSettings, recoverySettings, verifierSettings } from '@kyb/config';

/** Settings of the score area. */
export const scoreSettings = {
  ...processSettings,
  ...verifierSettings,
  ...recoverySettings,
};

/** The validated configuration of the score area. */
export type ScoreConfig = ReturnType<typeof loadScoreConfig>;

/** Reads and validates the score area's settings from `env`. */
export function loadScoreConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(scoreSettings, env);
}
