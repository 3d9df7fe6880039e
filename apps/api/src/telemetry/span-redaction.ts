import { SpanKind, type Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { UNMATCHED_ROUTE } from './metrics.ts';

/** The addresses of a server span's caller: personal data (an IP address identifies a person). */
const CALLER_ADDRESS_KEYS = [
  'client.address',
  'client.port',
  'network.peer.address',
  'network.peer.port',
  'http.client_ip',
  'net.peer.ip',
  'net.sock.peer.addr',
];
/** Where the http and fastify instrumentations put the path of the request that came in. */
const SERVER_PATH_KEYS = ['url.path', 'http.target'];
const SERVER_FULL_URL_KEYS = ['url.full', 'http.url', 'url.query'];
/** Where the http and undici instrumentations put the address of a call going out. */
const CLIENT_URL_KEYS = ['url.full', 'http.url', 'http.target'];

/** A URL without credentials, query or fragment: a token or an e-mail address may sit in either. */
function withoutSecrets(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    // A path (http.target): cut at the query.
    return value.replace(/[?#].*$/s, '');
  }
}

/**
 * An error's message may quote what a caller sent (PostgreSQL's `invalid input syntax for type
 * uuid: "…"`, a validation message): the pg and Fastify instrumentations put it in the span's
 * status and in its exception event. The error's kind stays (exception.type, the status code),
 * and the request id on the span leads to the full error in the log, where it is redacted.
 */
function withoutErrorMessages(span: Span): void {
  if (span.status.message !== undefined) span.setStatus({ code: span.status.code });
  for (const event of span.events) {
    const attributes = event.attributes;
    if (!attributes) continue;
    delete attributes['exception.message'];
    // A stack trace begins with the message: only its frames stay.
    const stack = attributes['exception.stacktrace'];
    if (typeof stack === 'string')
      attributes['exception.stacktrace'] = stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n');
  }
}

/**
 * Rewrites, as each span ends and before any exporter sees it, what the instrumentations record
 * about URLs: a request span keeps its route pattern (`/api/tracking/documents/:id`) in place of
 * the path that came in, which holds ids and, for e-mailed links, tokens; its query and full URL
 * go, and so does the caller's address. A call going out keeps its address without query or
 * credentials. One processor for every instrumentation, rather than each one's hooks, so an
 * instrumentation added later is covered too. (`onEnding` is the SDK's hook while a span is still
 * writable.)
 */
export class RedactingSpanProcessor implements SpanProcessor {
  onStart(_span: Span, _parentContext: Context): void {}

  onEnding(span: Span): void {
    withoutErrorMessages(span);
    const attributes = span.attributes;
    const isRequestSpan = span.kind === SpanKind.SERVER || attributes['fastify.root'] !== undefined;
    if (isRequestSpan) {
      const route = attributes['http.route'];
      for (const key of SERVER_PATH_KEYS) {
        if (attributes[key] !== undefined)
          attributes[key] = typeof route === 'string' ? route : UNMATCHED_ROUTE;
      }
      for (const key of [...SERVER_FULL_URL_KEYS, ...CALLER_ADDRESS_KEYS])
        Reflect.deleteProperty(attributes, key);
      return;
    }
    if (span.kind === SpanKind.CLIENT) {
      for (const key of CLIENT_URL_KEYS) {
        const value = attributes[key];
        if (typeof value === 'string') attributes[key] = withoutSecrets(value);
      }
      delete attributes['url.query'];
    }
  }

  onEnd(_span: ReadableSpan): void {}

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
