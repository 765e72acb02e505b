/**
 * A TCP proxy on loopback that makes a database look far away: every chunk each way waits `oneWayMs`
 * (so a round trip costs twice that), in order, and every chunk the client sends is counted, which
 * for PostgreSQL's protocol as node-postgres speaks it is one round trip (a query's messages go in
 * one write, and the client waits for the answer before the next).
 */
import { createServer, connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface LatencyProxy {
  /** The address to give the client instead of the server's: `postgres://…@127.0.0.1:<port>/…`. */
  url: string;
  /** Chunks the clients sent since the last reset. */
  sent: () => number;
  reset: () => void;
  stop: () => Promise<void>;
}

function delayed(from: Socket, to: Socket, oneWayMs: number, count?: () => void) {
  from.on("data", (chunk) => {
    count?.();
    setTimeout(() => to.write(chunk), oneWayMs);
  });
  from.on("end", () => setTimeout(() => to.end(), oneWayMs));
  from.on("error", () => to.destroy());
}

export async function startLatencyProxy(databaseUrl: string, oneWayMs: number): Promise<LatencyProxy> {
  const upstream = new URL(databaseUrl);
  let sent = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const server = connect(Number(upstream.port || 5432), upstream.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on("close", () => sockets.delete(socket));
    }
    delayed(client, server, oneWayMs, () => (sent += 1));
    delayed(server, client, oneWayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxied = new URL(databaseUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String((server.address() as AddressInfo).port);
  return {
    url: proxied.toString(),
    sent: () => sent,
    reset: () => {
      sent = 0;
    },
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
