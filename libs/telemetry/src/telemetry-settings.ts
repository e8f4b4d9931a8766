/**
 * Whether a process sends traces: only the standard OTEL_* variables say so (issue 47). Off when
 * none names where to send them, and always off with OTEL_SDK_DISABLED=true or
 * OTEL_TRACES_EXPORTER=none.
 */
export function tracesEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  if (exporters.includes('none')) return false;
  return exporters.length > 0 || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) || Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * The service name of a process: OTEL_SERVICE_NAME when set, else `kyb-<entry point>` from the
 * built entry point's folder (`dist/apps/case/main.js` is `kyb-case`, the whole suite `kyb-suite`).
 */
export function serviceNameOf(env: NodeJS.ProcessEnv = process.env, entryPoint: string | undefined = process.argv[1]): string {
  const given = env.OTEL_SERVICE_NAME?.trim();
  if (given) return given;
  const folder = entryPoint?.split(/[\\/]/).slice(-2, -1)[0];
  return folder && /^[a-z0-9-]+$/.test(folder) ? `kyb-${folder}` : 'kyb';
}
