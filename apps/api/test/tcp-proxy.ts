import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut: `down()` drops every connection and
 * refuses new ones (a restart or a failover, as the pool sees it), `blackhole()` accepts
 * connections and never answers (a dropped network), `up()` forwards again.
 */
export type TcpProxy = {
  url: string;
  down: () => Promise<void>;
  blackhole: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let mode: 'forward' | 'blackhole' = 'forward';
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => client.destroy());
        if (mode === 'blackhole') return;
        const upstream = connect(Number(target.port), target.hostname);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const down = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  };

  await listen();
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    down,
    blackhole: async () => {
      await down();
      mode = 'blackhole';
      await listen();
    },
    up: async () => {
      mode = 'forward';
      if (!server) await listen();
    },
    close: down,
  };
}
