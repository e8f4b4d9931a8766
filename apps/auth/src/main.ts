/* The auth area on its own: `node dist/apps/auth/main.js` (PORT defaults to 8081). */
import { runMain } from '@kyb/http';
import { areaModule } from './area-module';

runMain([areaModule], { service: 'auth', defaultPort: 8081 });
