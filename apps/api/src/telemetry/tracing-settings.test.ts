import { describe, expect, it } from 'vitest';
import { traceExportersOf } from './tracing-settings.ts';

describe('traceExportersOf', () => {
  it('traces nothing unless the standard variables ask for it', () => {
    expect(traceExportersOf({})).toEqual([]);
    expect(traceExportersOf({ OTEL_SERVICE_NAME: 'hub' })).toEqual([]);
  });

  it('exports over OTLP when an exporter or an endpoint is named', () => {
    expect(traceExportersOf({ OTEL_TRACES_EXPORTER: 'otlp' })).toEqual(['otlp']);
    expect(traceExportersOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual(['otlp']);
    expect(
      traceExportersOf({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }),
    ).toEqual(['otlp']);
    expect(traceExportersOf({ OTEL_TRACES_EXPORTER: 'console, otlp,otlp' })).toEqual(['console', 'otlp']);
  });

  it('is switched off by OTEL_SDK_DISABLED or the exporter none, whatever else is set', () => {
    const on = { OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(traceExportersOf({ ...on, OTEL_SDK_DISABLED: 'true' })).toEqual([]);
    expect(traceExportersOf({ ...on, OTEL_SDK_DISABLED: 'TRUE' })).toEqual([]);
    expect(traceExportersOf({ ...on, OTEL_SDK_DISABLED: 'false' })).toEqual(['otlp']);
    expect(traceExportersOf({ ...on, OTEL_TRACES_EXPORTER: 'none' })).toEqual([]);
  });

  it('refuses exporters and protocols it does not have instead of ignoring them', () => {
    expect(() => traceExportersOf({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(
      /OTEL_TRACES_EXPORTER: zipkin/,
    );
    expect(() =>
      traceExportersOf({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL: grpc/);
    expect(
      traceExportersOf({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' }),
    ).toEqual(['otlp']);
  });
});
