import type { ScoreInputs } from './score-inputs';

/** A factor's value computed from the inputs, with a log of what was used. */
export interface FactorValuePresent {
  value: number;
  /** What the value was computed from, for the factor's `log`. */
  log: string;
}

/** The inputs a factor needs are null or insufficient; `missing` says which and why. */
export interface FactorValueMissing {
  missing: string;
}

/** The result of one value extractor. */
export type FactorValue = FactorValuePresent | FactorValueMissing;

/** Computes one factor's value from the score inputs. Pure; never returns NaN or Infinity. */
export type FactorValueExtractor = (inputs: ScoreInputs) => FactorValue;

/** Narrows a {@link FactorValue} to the missing case. */
export function isMissing(result: FactorValue): result is FactorValueMissing {
  return 'missing' in result;
}
