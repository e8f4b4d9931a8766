import { serviceNameOf, tracesEnabled } from './telemetry-settings';

describe('whether a process traces', () => {
  it('is off when no OTEL_* variable names where traces go', () => {
    expect(tracesEnabled({})).toBe(false);
    expect(tracesEnabled({ OTEL_SERVICE_NAME: 'kyb-case', OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBe(false);
  });

  it('is on with an OTLP endpoint, a traces endpoint or a traces exporter', () => {
    expect(tracesEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracesEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracesEnabled({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
  });

  it('is off whenever OTEL_SDK_DISABLED is true or the traces exporter is none', () => {
    expect(tracesEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' })).toBe(false);
    expect(tracesEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracesEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'false' })).toBe(true);
  });
});

describe("a process's service name", () => {
  it('is OTEL_SERVICE_NAME, else kyb-<entry point folder>', () => {
    expect(serviceNameOf({ OTEL_SERVICE_NAME: 'case-api' }, '/app/dist/apps/case/main.js')).toBe('case-api');
    expect(serviceNameOf({}, '/app/dist/apps/case/main.js')).toBe('kyb-case');
    expect(serviceNameOf({}, 'dist\\apps\\suite\\main.js')).toBe('kyb-suite');
    expect(serviceNameOf({}, '')).toBe('kyb');
    expect(serviceNameOf({}, '/tmp/Weird Folder/main.js')).toBe('kyb');
  });
});
