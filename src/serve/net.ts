import type { ChildProcess } from "node:child_process";
import { request } from "node:http";
import { createServer } from "node:net";

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until a server answers on loopback, failing fast if its process exits. */
export async function waitForServer(port: number, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    const up = await new Promise<boolean>((resolve) => {
      // A connection of its own, closed before this returns: Node's shared agent would keep it
      // open for seconds, holding one of the server's connection slots (a test of the slots
      // found one of its own connections closed to make room).
      const probe = request({ host: "127.0.0.1", port, path: "/", method: "HEAD", agent: false }, (res) => {
        res.resume();
        probe.on("close", () => resolve(true));
      });
      probe.on("error", () => resolve(false));
      probe.end();
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No server answered on port ${port} within ${timeoutMs / 1000} s`);
}
