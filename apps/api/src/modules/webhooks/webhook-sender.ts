import http from 'node:http';
import https from 'node:https';
import type { WebhookAttemptError } from '@service-hub/contracts';
import { blockedBeforeLookup, guardedLookup, type AddressPolicy } from './webhook-address-policy.ts';

/** How much of an answer the log keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** What one attempt came to, as `webhook_attempts` stores it. */
export type AttemptOutcome = {
  httpStatus: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: WebhookAttemptError | null;
  succeeded: boolean;
};

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$|HOSTNAME_MISMATCH$)/;

function errorOf(error: unknown, timedOut: boolean): WebhookAttemptError {
  if (timedOut) return 'timeout';
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'EBLOCKEDADDRESS') return 'blockedAddress';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'unresolvable';
  if (TLS_CODES.test(code)) return 'tls';
  return 'connection';
}

/** The answer's first kilobyte as text; NUL (which PostgreSQL's text refuses) shown as U+FFFD. */
const excerptOf = (chunks: Buffer[]) =>
  new TextDecoder('utf-8', { fatal: false })
    .decode(Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES))
    .replaceAll('\u0000', '\uFFFD');

/**
 * A sender of signed POSTs: one keep-alive agent per scheme, whose connections only ever go to
 * addresses the policy allowed (the lookup checks every address it hands to the connection).
 * Redirects are never followed: a 3xx is a failed attempt with its status.
 */
export class WebhookSender {
  private readonly httpsAgent: https.Agent;
  private readonly httpAgent: http.Agent;

  constructor(
    private readonly policy: AddressPolicy,
    private readonly timeoutMs: number,
  ) {
    const lookup = guardedLookup(policy);
    const agentOptions = { keepAlive: true, maxSockets: 8, lookup };
    this.httpsAgent = new https.Agent(agentOptions);
    this.httpAgent = new http.Agent(agentOptions);
  }

  close(): void {
    this.httpsAgent.destroy();
    this.httpAgent.destroy();
  }

  /** Sends one attempt; never throws. `signal` aborts it (the dispatcher stops). */
  send(
    target: string,
    body: string,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<AttemptOutcome> {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    const url = new URL(target);
    if (blockedBeforeLookup(url, this.policy)) {
      return Promise.resolve({
        httpStatus: null,
        latencyMs: 0,
        responseExcerpt: null,
        error: 'blockedAddress',
        succeeded: false,
      });
    }
    return new Promise((resolve) => {
      let timedOut = false;
      let settled = false;
      const finish = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const failed = (error: unknown) =>
        finish({
          httpStatus: null,
          latencyMs: latency(),
          responseExcerpt: null,
          error: errorOf(error, timedOut),
          succeeded: false,
        });
      const isHttps = url.protocol === 'https:';
      const request = (isHttps ? https : http).request(url, {
        method: 'POST',
        agent: isHttps ? this.httpsAgent : this.httpAgent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      });
      const timer = setTimeout(() => {
        timedOut = true;
        request.destroy(new Error('timeout'));
      }, this.timeoutMs);
      const onAbort = () => request.destroy(new Error('aborted'));
      signal.addEventListener('abort', onAbort, { once: true });
      request.on('error', failed);
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            httpStatus: status,
            latencyMs: latency(),
            responseExcerpt: excerptOf(chunks),
            error: null,
            succeeded: status >= 200 && status < 300,
          });
        response.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          // The rest of a long answer is of no use: stop reading (the connection is not reused).
          if (size >= RESPONSE_EXCERPT_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', () => done());
      });
      if (signal.aborted) onAbort();
      request.end(body);
    });
  }
}
