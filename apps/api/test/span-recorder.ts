import type { Attributes } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';

/**
 * What no span attribute and no metric label may hold (docs/security.md): a bearer token, a JWT,
 * an API key, an e-mail address, a password field's value, an argon2 hash, the demo password. The same kinds
 * of secrets as the request-log test looks for, found by shape here since a whole test run's
 * spans are checked, not one known set of values.
 */
const SECRET_SHAPES: { name: string; pattern: RegExp }[] = [
  // A token's worth of token characters: "send a bearer token." in an error message is no token.
  { name: 'bearer token', pattern: /\bBearer\s+[\w.~+/-]{16,}/i },
  { name: 'JWT', pattern: /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/ },
  // Ingestion keys (`shk_`) and account API keys (`shr_`), also without their header.
  { name: 'API key', pattern: /\bsh[kr]_[\w-]{20,}/ },
  { name: 'e-mail address', pattern: /[\w.+-]+@[\w-]+(\.[\w-]+)+/ },
  // `password = $1` in a statement is a placeholder, not a value.
  { name: 'password value', pattern: /password"?\s*[:=]\s*(?!\$\d)["']?[^\s"',)]+/i },
  { name: 'argon2 hash', pattern: /\$argon2id?\$/ },
  { name: 'demo password', pattern: new RegExp(DEMO_PASSWORD.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) },
];

export type Leak = { where: string; shape: string; text: string };

/** The secrets of these shapes in a text; the match is shown shortened, so the report leaks little itself. */
export function secretsIn(where: string, text: string): Leak[] {
  return SECRET_SHAPES.flatMap(({ name, pattern }) => {
    const match = pattern.exec(text);
    return match ? [{ where, shape: name, text: `${match[0].slice(0, 12)}…` }] : [];
  });
}

function attributeLeaks(where: string, attributes: Attributes): Leak[] {
  return Object.entries(attributes).flatMap(([key, value]) =>
    value === undefined ? [] : secretsIn(`${where} ${key}`, String(value)),
  );
}

/**
 * A span processor for the API tests: keeps the spans of the running file (for the telemetry
 * tests to look at) and checks every one, its name, attributes and events (exceptions), against
 * the secret shapes as it ends.
 */
export class SpanRecorder implements SpanProcessor {
  readonly spans: ReadableSpan[] = [];
  readonly leaks: Leak[] = [];
  count = 0;

  onStart(_span: Span): void {}

  onEnd(span: ReadableSpan): void {
    this.count++;
    // Enough for any one test; a file of thousands of statements must not hold them all.
    if (this.spans.length < 20_000) this.spans.push(span);
    const where = `span "${span.name}"`;
    this.leaks.push(
      ...secretsIn(where, span.name),
      ...secretsIn(`${where} status`, span.status.message ?? ''),
      ...attributeLeaks(where, span.attributes),
      ...span.events.flatMap((event) =>
        attributeLeaks(`${where} event ${event.name}`, event.attributes ?? {}),
      ),
    );
  }

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}

/** The process's recorder (the API test project's setup starts tracing with it). */
export const spanRecorder = new SpanRecorder();

/** Label values in Prometheus text: `name{a="x",b="y"} 1` gives x and y. */
export function labelValuesOf(metricsText: string): string[] {
  return [...metricsText.matchAll(/\w+="((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!);
}
