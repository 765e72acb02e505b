import type { IncomingMessage } from "node:http";
import { onNetlify } from "../deploy/deploy-context";
import { runtimeEnv } from "../runtime/runtime";

/** The address src/serve/serve.ts connects from when it hands a visitor's request to the functions. */
const LOCAL_PROXY = /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/;

/**
 * The visitor's address, the key of the rate limit. A client must never choose its own key:
 * - On Netlify, its edge states the address in x-nf-client-connection-ip (and overwrites any
 *   value a client sent), so that header is believed there and only there.
 * - Off Netlify, the socket's address. The one exception is the local production server
 *   (src/serve/serve.ts), which connects from 127.0.0.1 and replaces X-Forwarded-For with its own
 *   visitor's socket address; that server's inner port listens on loopback only. X-Real-IP and
 *   the Netlify header are ignored here whoever sends them.
 */
export function clientAddress(req: IncomingMessage, env: NodeJS.ProcessEnv = runtimeEnv()): string {
  if (onNetlify(env)) {
    const netlify = req.headers["x-nf-client-connection-ip"];
    if (typeof netlify === "string" && netlify) return netlify;
  }
  const peer = req.socket?.remoteAddress ?? "unknown";
  const forwarded = req.headers["x-forwarded-for"];
  if (LOCAL_PROXY.test(peer) && typeof forwarded === "string" && forwarded) {
    return forwarded.split(",").at(-1)!.trim();
  }
  return peer;
}
