/* The report area on its own: `node dist/apps/report/main.js` (PORT defaults to 8084). */
import { runMain } from '@kyb/http';
import { areaModule } from './area-module';

runMain([areaModule], { service: 'report', defaultPort: 8084 });
