import { createServer, request, type Server } from 'node:http';

/**
 * A round-robin HTTP balancer for tests: each request (not each connection) goes to the next
 * backend, so one user's consecutive requests land on different instances. Streams both ways,
 * so server-sent events pass through. Counts what each backend served.
 */
export type Balancer = {
  url: string;
  port: number;
  setBackends: (urls: string[]) => void;
  served: Map<string, number>;
  close: () => Promise<void>;
};

export async function startBalancer(): Promise<Balancer> {
  let backends: URL[] = [];
  let next = 0;
  const served = new Map<string, number>();
  const server: Server = createServer((incoming, outgoing) => {
    const backend = backends[next++ % backends.length];
    if (!backend) {
      outgoing.writeHead(502).end();
      return;
    }
    served.set(backend.origin, (served.get(backend.origin) ?? 0) + 1);
    const forwarded = request(
      {
        host: backend.hostname,
        port: backend.port,
        method: incoming.method,
        path: incoming.url,
        // The Host stays the balancer's: the public address every instance is configured with.
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    outgoing.on('close', () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setBackends: (urls) => {
      backends = urls.map((u) => new URL(u));
    },
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
