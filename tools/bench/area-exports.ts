/*
 * What the auth, score and report areas export for the bench, loaded at run time from their
 * built `area-module.js` exactly as the suite loads areas (docs/adr/0001): the bench imports no app
 * code. Only their types are read from the sources, so that a change of an area's public exports
 * fails the bench's typecheck instead of its run.
 */
import { join } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- types only, erased at build: the code comes from dist/apps/auth/area-module.js
import type * as AuthArea from '../../apps/auth/src/area-module';
// eslint-disable-next-line @nx/enforce-module-boundaries -- types only, erased at build: the code comes from dist/apps/report/area-module.js
import type * as ReportArea from '../../apps/report/src/area-module';
// eslint-disable-next-line @nx/enforce-module-boundaries -- types only, erased at build: the code comes from dist/apps/score/area-module.js
import type * as ScoreArea from '../../apps/score/src/area-module';

/** What the bench uses of the areas. */
export interface AreaExports {
  computeScore: typeof ScoreArea.computeScore;
  DEFAULT_WEIGHTAGE_CONFIG: typeof ScoreArea.DEFAULT_WEIGHTAGE_CONFIG;
  renderBusinessReport: typeof ReportArea.renderBusinessReport;
  ARGON2ID_PARAMETERS: typeof AuthArea.ARGON2ID_PARAMETERS;
}

/** Loads the built area modules (`nx run suite:build` builds them). */
export function loadAreaExports(distApps = join(process.cwd(), 'dist/apps')): AreaExports {
  const score = require(join(distApps, 'score/area-module.js')) as typeof ScoreArea;
  const report = require(join(distApps, 'report/area-module.js')) as typeof ReportArea;
  const auth = require(join(distApps, 'auth/area-module.js')) as typeof AuthArea;
  return {
    computeScore: score.computeScore,
    DEFAULT_WEIGHTAGE_CONFIG: score.DEFAULT_WEIGHTAGE_CONFIG,
    renderBusinessReport: report.renderBusinessReport,
    ARGON2ID_PARAMETERS: auth.ARGON2ID_PARAMETERS,
  };
}
