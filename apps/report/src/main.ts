/* The report area on its own: `node dist/apps/report/main.js` (PORT defaults to 8084). */
// First: tracing starts before the modules it instruments load (OTEL_* variables; off when unset).
import '@kyb/telemetry/register';
import { runMain } from '@kyb/http';
import { areaModule } from './area-module';

runMain([areaModule], { service: 'report', defaultPort: 8084 });
