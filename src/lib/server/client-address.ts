import type { IncomingMessage } from "node:http";

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The visitor's address for rate limiting. Netlify states it in x-nf-client-connection-ip.
 * X-Forwarded-For is believed only from a proxy on this machine (the local production
 * server in scripts/serve.ts); from anyone else it could be forged.
 */
export function clientAddress(req: IncomingMessage): string {
  const netlify = req.headers["x-nf-client-connection-ip"];
  if (typeof netlify === "string" && netlify) return netlify;
  const peer = req.socket?.remoteAddress ?? "unknown";
  const forwarded = req.headers["x-forwarded-for"];
  if (LOOPBACK.test(peer) && typeof forwarded === "string" && forwarded) {
    return forwarded.split(",")[0]!.trim();
  }
  return peer;
}
