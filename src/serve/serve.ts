/**
 * Serves the built site the way Netlify does: public/_redirects, then public/ with the headers of public/_headers,
 * 404.html for unknown addresses, and the Gatsby Functions in a process of their own, restarted if it dies.
 * Without SMTP_URL, /_mail shows the kept e-mails to this machine. Hostile input is answered, never thrown (400,
 * 404), and runtime/settings.ts bounds what one visitor can hold.
 *   tsx src/serve/serve.ts [--port 9000] [--host 127.0.0.1]
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { readSiteContent } from "../build-time/content-files";
import { embeddedDatabaseDir } from "../lib/server/db/database";
import { linkKeysSettingError } from "../lib/server/http/link-keys";
import { serverSettings } from "../lib/server/runtime/settings";
import { connectionSlots } from "./connection-slots";
import { defaultPort, recordServedAddress } from "./served-address";
import { keptMailRoute } from "./kept-mail-route";
import { pageAddresses, serverAnswerHeaders, withConnectSources } from "../lib/http/http-headers";
import { deskPath } from "../lib/paths";
import { reportBucketOrigin } from "../features/report/server/s3-store";
import { headersFor, loadHeaderRules } from "./deployed-headers";
import { findRedirect, FUNCTIONS_PATH, isRedirectStatus, loadRedirectRules } from "./deployed-redirects";
import { startFunctions, type PlainAnswer } from "./function-supervisor";
import { cleanSegments, fileSender, resolveFile, withoutTrailingSlashes } from "./static-files";

const TEXT = "text/plain; charset=utf-8";

/** "call us at <phone>" from the site's content; a bare site (the bench's floor) has none. */
function callUs(contentDir: string): string {
  try {
    return `call us at ${readSiteContent(contentDir).phone}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "contact us another way";
    throw error;
  }
}

export async function startProductionServer({
  port,
  host,
  siteRoot = process.cwd(),
  env = process.env,
}: {
  /** 0 takes any free port; the returned url names the one chosen. */
  port: number;
  host: string;
  /** The Gatsby project whose public/ is served (the bench serves a second, bare site). */
  siteRoot?: string;
  /** The server's and the functions' environment (database, SMTP, settings: src/lib/server/runtime/settings.ts). */
  env?: NodeJS.ProcessEnv;
}) {
  const settings = serverSettings(env);
  // Refused here, before a link is signed under a key the owner did not mean.
  const unreadableKeys = linkKeysSettingError(env);
  if (unreadableKeys) throw unreadableKeys;
  const publicDir = path.join(siteRoot, "public");
  const headerRules = await loadHeaderRules(siteRoot, publicDir);
  const redirectRules = await loadRedirectRules(siteRoot, publicDir);
  // The answers the server writes itself carry the headers every address gets and a policy of
  // their own; a file is sent with the rules matching its address (the 404 page too).
  const baseHeaders = new Map([
    ...headersFor(headerRules, "/*"),
    ...serverAnswerHeaders().map(({ key, value }): [string, string] => [key, value]),
  ]);
  const callUsText = callUs(path.resolve(siteRoot, env.CONTENT_DIR ?? "content"));
  const sendFile = fileSender();
  // The desk sends reports to the bucket of this server's settings, which the build may not have
  // had: its policy names that origin too, as the build names the one it had.
  const bucket = reportBucketOrigin(env);
  const deskAddresses = new Set(pageAddresses(deskPath));
  const fileHeaders = (pathname: string) => {
    const headers = headersFor(headerRules, pathname);
    const policy = headers.get("content-security-policy");
    if (bucket && policy && deskAddresses.has(pathname)) {
      headers.set("content-security-policy", withConnectSources(policy, [bucket]));
    }
    return headers;
  };

  const answer: PlainAnswer = (res, status, text, extra = {}) => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(status, {
      ...Object.fromEntries(baseHeaders),
      "cache-control": "no-store",
      "content-type": TEXT,
      "content-length": String(Buffer.byteLength(text)),
      ...extra,
    });
    res.end(text);
  };

  const functions = await startFunctions({ siteRoot, env, settings, baseHeaders, answer, callUs: callUsText });
  const keptMailPages = keptMailRoute(answer, env);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const rawUrl = req.url ?? "";
    if (!rawUrl.startsWith("/")) return answer(res, 400, "This address is malformed.");
    const query = rawUrl.indexOf("?");
    const rawPath = query === -1 ? rawUrl : rawUrl.slice(0, query);
    const search = query === -1 ? "" : rawUrl.slice(query);

    if (keptMailPages.shows(req, rawPath)) return keptMailPages.send(req, res, rawPath);
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return answer(res, 400, "This address is malformed.");
    }
    // Netlify's rules first. A function gets the address as it came, as on Netlify, and so does
    // an /api/ address no rule names, which the functions answer 404.
    const rule = findRedirect(redirectRules, publicDir, { pathname, search, headers: req.headers });
    const toFunctions = rule ? rule.to.startsWith(FUNCTIONS_PATH) : rawPath.startsWith("/api/");
    if (toFunctions) return functions.proxy(req, res, rawUrl);
    if (rule && isRedirectStatus(rule.status)) return answer(res, rule.status, "", { location: rule.to });
    if (req.method !== "GET" && req.method !== "HEAD") {
      req.resume();
      return answer(res, 405, "This address only answers GET and HEAD.", { allow: "GET, HEAD" });
    }
    // As on Netlify: the rules matching the address asked for, so an unknown one gets only "/*"'s.
    const headers = fileHeaders(pathname);
    const notFound = path.join(publicDir, "404.html");
    // A rewrite: the file at `to`, at its rule's status.
    const rewritten = rule && resolveFile(publicDir, decodeURIComponent(new URL(rule.to, "http://site").pathname));
    if (rule) return sendFile(req, res, rewritten || notFound, rewritten ? rule.status : 404, headers);
    // Addresses have no trailing slash (gatsby-config trailingSlash: "never"). Only an address
    // that names a page is redirected, so the Location is always a plain path of this site.
    const trimmed = withoutTrailingSlashes(pathname);
    if (trimmed !== pathname) {
      const target = withoutTrailingSlashes(rawPath);
      if (resolveFile(publicDir, trimmed) && cleanSegments(target)) {
        return answer(res, 301, "", { location: `${target}${search}` });
      }
      return sendFile(req, res, notFound, 404, headers);
    }
    const file = resolveFile(publicDir, pathname);
    return sendFile(req, res, file ?? notFound, file ? 200 : 404, headers);
  }

  const server = createServer({ connectionsCheckingInterval: settings.timeoutCheckIntervalMs }, (req, res) => {
    const deadline = setTimeout(
      () =>
        answer(
          res,
          503,
          `We could not finish your request in time. It may not have been sent; please ${callUsText} before sending it again.`,
        ),
      settings.deadlineMs,
    );
    res.on("close", () => clearTimeout(deadline));
    handle(req, res).catch((error: unknown) => {
      console.error(`[serve] ${req.method} ${req.url} failed:`, error);
      answer(res, 500, "Something went wrong on our side.");
    });
  });
  server.headersTimeout = settings.headersTimeoutMs;
  server.requestTimeout = settings.requestTimeoutMs;
  server.keepAliveTimeout = settings.keepAliveMs;
  // The slots decide who is let in (connection-slots.ts), so Node's own cap (maxConnections),
  // which refuses the newcomer whoever holds the rest, is left unset.
  const slots = connectionSlots({ perAddress: settings.connectionsPerAddress, total: settings.connections });
  server.on("connection", (socket: Socket) => void slots.admit(socket));
  // Requests Node refuses before they reach the handler (slow or malformed) get the same headers.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    const status = timedOut ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const text = timedOut ? "The request took too long to arrive." : "The request is malformed.";
    const head = Object.entries({ ...Object.fromEntries(baseHeaders), "content-type": TEXT })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    if (socket.writable) {
      socket.end(
        `HTTP/1.1 ${status} ${timedOut ? "Request Timeout" : "Bad Request"}\r\n${head}content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
      );
    }
    socket.destroy();
  });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: listening } = server.address() as { port: number };
  return {
    url: `http://${host === "0.0.0.0" ? "localhost" : host}:${listening}`,
    /** Closes every connection, and resolves once the functions' process has closed its database and ended. */
    stop: async () => {
      server.closeAllConnections();
      const closed = new Promise((resolve) => server.close(resolve));
      await functions.stop();
      await closed;
    },
  };
}

/**
 * The server as a command runs it (`npm run serve`, and `npm start` in its own process): `--port`
 * and `--host` from `args`, the address it listens at noted for the commands, and Ctrl+C or SIGTERM
 * stopping it, then `afterStop` (npm start's editor backend), then the process.
 */
export async function serveUntilStopped(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  afterStop: () => Promise<void> = async () => undefined,
): Promise<void> {
  const { values } = parseArgs({
    args: [...args],
    options: { port: { type: "string", default: defaultPort(env) }, host: { type: "string", default: "127.0.0.1" } },
  });
  const { url, stop } = await startProductionServer({ port: Number(values.port), host: String(values.host), env });
  recordServedAddress(url, env);
  console.log(
    `\n  Site and functions running at ${url}\n  (database: ${env.DATABASE_URL ? "DATABASE_URL" : embeddedDatabaseDir(env)}; Ctrl+C to stop)\n`,
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    void stop()
      .then(afterStop)
      .finally(() => process.exit(0));
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

if (require.main === module) {
  serveUntilStopped(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
