/**
 * Imported first by every entry point (`import '@kyb/telemetry/register'`): starts tracing before
 * express, pg, ioredis and pino are loaded, when the OTEL_* variables ask for it (startTelemetry).
 */
import { startTelemetry } from './start-telemetry';

startTelemetry();
