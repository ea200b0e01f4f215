import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL in the failure tests) that can be cut, as a network
 * or a database outage would: `cut()` drops every open connection and refuses new ones until
 * `restore()`.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let cut = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** `url` with its host and port replaced by the proxy's. */
    via(url: string): string {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut(): void {
      cut = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore(): void {
      cut = false;
    },
    close(): Promise<void> {
      this.cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
