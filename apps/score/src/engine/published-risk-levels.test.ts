import { SCORE_RISK_LEVELS } from '@kyb/area-views';
import { RISK_LEVELS } from './weightage-config-shape';

/* Other areas read the risk levels the score directory publishes (the case queue filters by them): the engine's, no more, no fewer. */
describe('the published risk levels', () => {
  it('are the engine’s levels, in its order', () => {
    expect([...SCORE_RISK_LEVELS]).toEqual([...RISK_LEVELS]);
  });
});
