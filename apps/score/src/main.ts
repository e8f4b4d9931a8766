/* The score area on its own: `node dist/apps/score/main.js` (PORT defaults to 8085). */
// First: tracing starts before the modules it instruments load (OTEL_* variables; off when unset).
import '@kyb/telemetry/register';
import { runMain } from '@kyb/http';
import { areaModule } from './area-module';

runMain([areaModule], { service: 'score', defaultPort: 8085 });
