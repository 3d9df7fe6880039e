import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, describe, expect, it } from 'vitest';
import { RedactingSpanProcessor } from './span-redaction.ts';

describe('RedactingSpanProcessor', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    spanProcessors: [new RedactingSpanProcessor(), new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('test');
  afterAll(() => provider.shutdown());

  const ended = (name: string, kind: SpanKind, attributes: Record<string, string | number>) => {
    tracer.startSpan(name, { kind, attributes }).end();
    const span = exporter.getFinishedSpans().at(-1)!;
    exporter.reset();
    return span.attributes;
  };

  it('gives a request span its route in place of the path, and drops the query, the full URL and the caller address', () => {
    const attributes = ended('GET /api/auth/invitations/:token', SpanKind.SERVER, {
      'http.route': '/api/auth/invitations/:token',
      'url.path': '/api/auth/invitations/secret-link-token',
      'http.target': '/api/auth/invitations/secret-link-token?email=a@example.com',
      'url.query': 'email=a@example.com',
      'http.url': 'https://hub.example.com/api/auth/invitations/secret-link-token',
      'network.peer.address': '203.0.113.7',
      'client.address': '203.0.113.7',
      'http.request.method': 'GET',
    });
    expect(attributes).toEqual({
      'http.route': '/api/auth/invitations/:token',
      'url.path': '/api/auth/invitations/:token',
      'http.target': '/api/auth/invitations/:token',
      'http.request.method': 'GET',
    });
  });

  it('marks the path of a request no route matched as unmatched, also on the @fastify/otel span', () => {
    const attributes = ended('GET unmatched', SpanKind.INTERNAL, {
      'fastify.root': '@fastify/otel',
      'url.path': '/api/nothing/42?token=abc',
    });
    expect(attributes).toEqual({ 'fastify.root': '@fastify/otel', 'url.path': 'unmatched' });
  });

  it('keeps the address of a call going out without its query or credentials', () => {
    const attributes = ended('POST', SpanKind.CLIENT, {
      'url.full': 'https://user:pw@crm.example.com/api/customers?token=abc#frag',
      'url.query': 'token=abc',
      'http.target': '/api/customers?token=abc',
      'server.address': 'crm.example.com',
    });
    expect(attributes).toEqual({
      'url.full': 'https://crm.example.com/api/customers',
      'http.target': '/api/customers',
      'server.address': 'crm.example.com',
    });
  });

  it('leaves spans that are neither alone', () => {
    expect(
      ended('job send-email.v1', SpanKind.CONSUMER, { 'messaging.destination.name': 'send-email.v1' }),
    ).toEqual({
      'messaging.destination.name': 'send-email.v1',
    });
  });
  it('keeps the kind of an error but not its message, which may quote what the caller sent', () => {
    const span = tracer.startSpan('SELECT', { kind: SpanKind.CLIENT });
    const error = new Error('invalid input syntax for type uuid: "someone@example.com"');
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    span.end();
    const finished = exporter.getFinishedSpans().at(-1)!;
    exporter.reset();
    expect(finished.status).toEqual({ code: SpanStatusCode.ERROR });
    const frames = error.stack!.split('\n').slice(1).join('\n');
    expect(finished.events.map((event) => event.attributes)).toEqual([
      { 'exception.type': 'Error', 'exception.stacktrace': frames },
    ]);
    expect(JSON.stringify(finished.events)).not.toContain('someone@example.com');
  });
});
