/* The case area on its own: `node dist/apps/case/main.js` (PORT defaults to 8082). */
import { runMain } from '@kyb/http';
import { areaModule } from './area-module';

runMain([areaModule], { service: 'case', defaultPort: 8082 });
