import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A customer's receiver for the webhook tests (not used by the Hub itself): an HTTP server on
 * 127.0.0.1 whose paths stand for endpoints. Every request is checked with the `standardwebhooks`
 * package's own verifier against the secrets the test says the path has — never with the Hub's
 * code — and kept with its outcome.
 */
export type ReceivedDelivery = {
  path: string;
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: {
    type: string;
    sequence: number;
    account: { id: number; customerNumber: string };
    data: Record<string, unknown>;
  };
  /** Which of the path's secrets verified it (each is tried alone). */
  verifiedWith: string[];
};

/** How a path answers: a status (default 200), optionally after holding the request. */
export type Behaviour = {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  holdMs?: number;
  hold?: Promise<void>;
};

export async function startTestReceiver() {
  const secrets = new Map<string, string[]>();
  const behaviours = new Map<string, Behaviour>();
  const received: ReceivedDelivery[] = [];
  /** Requests that reached the server (before their answer), by path. */
  const arrivals: { path: string; id: string }[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((request, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const path = request.url ?? '/';
        const body = Buffer.concat(chunks).toString('utf8');
        const id = String(request.headers['webhook-id']);
        arrivals.push({ path, id });
        const verifiedWith = (secrets.get(path) ?? []).filter((secret) => {
          try {
            new Webhook(secret).verify(body, {
              'webhook-id': String(request.headers['webhook-id']),
              'webhook-timestamp': String(request.headers['webhook-timestamp']),
              'webhook-signature': String(request.headers['webhook-signature']),
            });
            return true;
          } catch {
            return false;
          }
        });
        const behaviour = behaviours.get(path) ?? {};
        if (behaviour.hold) await behaviour.hold;
        if (behaviour.holdMs) await new Promise((resolve) => setTimeout(resolve, behaviour.holdMs));
        if (response.destroyed) return;
        const status = behaviour.status ?? 200;
        if (status >= 200 && status < 300)
          received.push({
            path,
            id,
            headers: request.headers,
            body,
            payload: JSON.parse(body),
            verifiedWith,
          });
        response.writeHead(status, behaviour.headers ?? { 'content-type': 'text/plain' });
        response.end(behaviour.body ?? (status < 300 ? 'ok' : 'not now'));
        for (const wake of waiters) wake();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    received,
    arrivals,
    /** The address of a path, whose deliveries are verified with these secrets. */
    endpoint: (path: string, ...pathSecrets: string[]) => {
      secrets.set(path, pathSecrets);
      return `${base}${path}`;
    },
    setSecrets: (path: string, ...pathSecrets: string[]) => secrets.set(path, pathSecrets),
    answer: (path: string, behaviour: Behaviour) => behaviours.set(path, behaviour),
    /** Resolves once `check` holds over what was received (or fails after `timeoutMs`). */
    async until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`receiver: still waiting for ${what}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 50);
          waiters.add(wake);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestReceiver = Awaited<ReturnType<typeof startTestReceiver>>;
