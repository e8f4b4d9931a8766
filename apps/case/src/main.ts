/* The case area on its own: `node dist/apps/case/main.js` (PORT defaults to 8082). */
// First: tracing starts before the modules it instruments load (OTEL_* variables; off when unset).
import '@kyb/telemetry/register';
import { runMain } from '@kyb/http';
import { areaModule } from './area-module';

runMain([areaModule], { service: 'case', defaultPort: 8082 });
