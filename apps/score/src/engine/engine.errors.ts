/** No factor had input (or none that carries weight): there is nothing to score. */
export class NoScoreInputsError extends Error {
  override readonly name = 'NoScoreInputsError';
  /** Each factor's code and why it is missing. */
  readonly missing: string[];

  constructor(message: string, missing: string[]) {
    super(message);
    this.missing = missing;
  }
}

/** The config failed `checkWeightageConfig`; `problems` lists why. */
export class InvalidWeightageConfigError extends Error {
  override readonly name = 'InvalidWeightageConfigError';
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`the weightage config is invalid: ${problems.join('; ')}`);
    this.problems = problems;
  }
}
