/* The integration area on its own: `node dist/apps/integration/main.js` (PORT defaults to 8083). */
// First: tracing starts before the modules it instruments load (OTEL_* variables; off when unset).
import '@kyb/telemetry/register';
import { runMain } from '@kyb/http';
import { areaModule } from './area-module';

runMain([areaModule], { service: 'integration', defaultPort: 8083 });
