/* The auth area on its own: `node dist/apps/auth/main.js` (PORT defaults to 8081). */
// First: tracing starts before the modules it instruments load (OTEL_* variables; off when unset).
import '@kyb/telemetry/register';
import { runMain } from '@kyb/http';
import { areaModule } from './area-module';

runMain([areaModule], { service: 'auth', defaultPort: 8081 });
