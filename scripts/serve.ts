/**
 * Serves the built site the way Netlify does: files from public/ in the layout the Netlify
 * adapter leaves there (/services/radon is services/radon.html), the headers in
 * public/_headers on every answer, brotli or gzip compression as a CDN applies, 404.html for
 * unknown addresses, and /api/* answered by the Gatsby Functions, run in a process of their
 * own (scripts/lib/functions-worker.ts) that is restarted if it dies.
 *
 * Hostile input is answered, never thrown: a malformed address gets 400, an address outside
 * the site's files 404, and the limits in src/lib/server/settings.ts bound what one visitor
 * can hold (time, body, connections).
 *
 *   tsx scripts/serve.ts [--port 9000] [--host 127.0.0.1]
 */
import { fork, type ChildProcess } from "node:child_process";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream";
import { pathToFileURL } from "node:url";
import { parseArgs, promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { parse as parseYaml } from "yaml";
import { filesForAddress } from "../src/build/built-pages";
import { JSON_ONLY_MESSAGE, tooLargeMessage } from "../src/lib/server/read-body";
import { serverSettings } from "../src/lib/server/settings";
import { headersFor, loadHeaderRules } from "./lib/deployed-headers";
import { connectionSlots } from "./lib/connection-slots";
import { freePort } from "./lib/net";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const TEXT = "text/plain; charset=utf-8";
/** Files Netlify reads for itself and never serves. */
const HOST_FILES = new Set(["_headers", "_redirects"]);

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** The path segments of an address, or null when one is empty, a dot segment or hidden. */
function cleanSegments(pathname: string): string[] | null {
  if (pathname === "/") return [];
  const segments = pathname.slice(1).split("/");
  const clean = segments.every((segment) => segment !== "" && !segment.startsWith(".") && !/[\\\0]/.test(segment));
  return clean ? segments : null;
}

/** The file for a decoded address, found as src/build/built-pages.ts maps addresses to files; never outside publicDir. */
export function resolveFile(publicDir: string, pathname: string): string | null {
  const segments = cleanSegments(pathname);
  if (!segments || HOST_FILES.has(segments[0] ?? "")) return null;
  const base = path.join(publicDir, ...segments);
  const relative = path.relative(publicDir, base);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const candidates = filesForAddress(segments.join("/")).map((file) => path.join(publicDir, file));
  return candidates.find(isFile) ?? null;
}

/** An address without its trailing slashes, found without a backtracking regex. */
export function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 47) end -= 1;
  return pathname.slice(0, end);
}

function chooseEncoding(req: IncomingMessage): "br" | "gzip" | null {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

/**
 * Above this size (only the content editor's bundle, 5 MB) brotli runs at a fast quality: the
 * highest takes over 10 s for it, past the request deadline. Every page's files are far smaller.
 */
const LARGE_FILE_BYTES = 1_000_000;

const compressors = {
  br: (data: Buffer) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: data.length > LARGE_FILE_BYTES ? 5 : constants.BROTLI_MAX_QUALITY,
      },
    }),
  gzip: (data: Buffer) => promisify(gzip)(data, { level: 9 }),
};

/** Each text file compressed once, at the highest quality its size allows, then served from memory. */
function createCompressedCache() {
  const cache = new Map<string, Promise<Buffer>>();
  return (file: string, encoding: "br" | "gzip") => {
    const { mtimeMs, size } = statSync(file);
    const key = `${encoding}:${file}:${mtimeMs}:${size}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = readFile(file).then((data) => compressors[encoding](data));
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
    }
    return entry;
  };
}

/** "call us at <phone>" from content/site.yaml; a bare site (the bench's floor) has none. */
function callUs(siteRoot: string): string {
  const file = path.join(path.resolve(siteRoot, process.env.CONTENT_DIR ?? "content"), "site.yaml");
  if (!existsSync(file)) return "contact us another way";
  return `call us at ${(parseYaml(readFileSync(file, "utf8")) as { phone: string }).phone}`;
}

/**
 * The functions' process: started, restarted when it exits (after a pause that grows while it
 * keeps failing), and stopped with the server. `port()` is null while none is ready.
 */
function superviseFunctions(siteRoot: string, env: NodeJS.ProcessEnv) {
  let child: ChildProcess | null = null;
  let readyPort: number | null = null;
  let stopping = false;
  let failures = 0;
  let everReady = false;
  let firstReady: () => void;
  let firstFailed: (error: Error) => void;
  const started = new Promise<void>((resolve, reject) => {
    firstReady = resolve;
    firstFailed = reject;
  });

  const start = async () => {
    const port = await freePort();
    const worker = fork(path.join(__dirname, "lib", "functions-worker.ts"), [siteRoot, String(port)], {
      cwd: siteRoot,
      env: { ...env, GATSBY_TELEMETRY_DISABLED: "1" },
      execArgv: ["--import", pathToFileURL(require.resolve("tsx")).href],
    });
    child = worker;
    worker.on("message", (message) => {
      if (message !== "ready") return;
      readyPort = port;
      failures = 0;
      everReady = true;
      firstReady();
    });
    worker.on("exit", (code, signal) => {
      readyPort = null;
      child = null;
      if (stopping) return;
      failures += 1;
      console.error(`[serve] the functions process ended (${signal ?? code}); starting a new one`);
      if (failures > 5 && !everReady) return firstFailed(new Error("The functions process keeps failing to start."));
      setTimeout(() => void start(), Math.min(5_000, 100 * 2 ** failures)).unref();
    });
  };
  void start();
  return {
    started,
    port: () => readyPort,
    /** The process id, so a test can end it as a crash would. */
    pid: () => child?.pid ?? null,
    stop: () => {
      stopping = true;
      child?.kill("SIGTERM");
    },
  };
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
  /** The server's and the functions' environment (outbox, SMTP, settings: src/lib/server/settings.ts). */
  env?: NodeJS.ProcessEnv;
}) {
  const limits = serverSettings(env);
  const publicDir = path.join(siteRoot, "public");
  const headerRules = loadHeaderRules(path.join(publicDir, "_headers"));
  // Every answer carries the headers every address gets; a page's own rules add to them.
  const baseHeaders = headersFor(headerRules, "/*");
  const callUsText = callUs(siteRoot);
  const compressed = createCompressedCache();
  const functions = superviseFunctions(siteRoot, env);
  await functions.started;

  function answer(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
    if (res.headersSent) return void res.destroy();
    res.writeHead(status, {
      ...Object.fromEntries(baseHeaders),
      "cache-control": "no-store",
      "content-type": TEXT,
      "content-length": String(Buffer.byteLength(text)),
      ...extra,
    });
    res.end(text);
  }

  async function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    status: number,
    headers: Map<string, string>,
  ) {
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    const out: Record<string, string> = { "content-type": type, ...Object.fromEntries(headers) };
    const encoding = COMPRESSIBLE.test(type) ? chooseEncoding(req) : null;
    if (encoding) {
      const body = await compressed(file, encoding);
      out["content-encoding"] = encoding;
      out.vary = "Accept-Encoding";
      out["content-length"] = String(body.length);
      res.writeHead(status, out);
      return res.end(req.method === "HEAD" ? undefined : body);
    }
    out["content-length"] = String(statSync(file).size);
    res.writeHead(status, out);
    if (req.method === "HEAD") return res.end();
    pipeline(createReadStream(file), res, () => undefined);
  }

  function proxyToFunctions(req: IncomingMessage, res: ServerResponse, rawPath: string, search: string) {
    const innerPort = functions.port();
    if (innerPort === null) {
      req.resume();
      return answer(
        res,
        503,
        `Our request service is restarting. Nothing was sent; please try again in a minute or ${callUsText}.`,
        { "retry-after": "5" },
      );
    }
    if (req.method === "POST") {
      // Refused here, before a byte of the body is read, so no body type can be buffered.
      if (!/^application\/json\s*(;|$)/i.test(String(req.headers["content-type"] ?? ""))) {
        return answer(res, 415, JSON_ONLY_MESSAGE, { connection: "close" });
      }
      if (Number(req.headers["content-length"] ?? 0) > limits.bodyBytes) {
        return answer(res, 413, tooLargeMessage(limits.bodyBytes), { connection: "close" });
      }
    }
    const { host: _host, ...headers } = req.headers;
    const upstream = request(
      {
        host: "127.0.0.1",
        port: innerPort,
        path: `${rawPath}${search}`,
        method: req.method,
        // The functions limit requests per visitor: tell them who the visitor is (they trust
        // X-Forwarded-For only from a proxy on this machine, see client-address.ts).
        headers: { ...headers, "x-forwarded-for": req.socket.remoteAddress ?? "" },
      },
      (reply) => {
        const replyHeaders = { ...reply.headers };
        delete replyHeaders["x-powered-by"];
        delete replyHeaders["access-control-allow-origin"];
        if (res.headersSent) return void reply.resume();
        res.writeHead(reply.statusCode ?? 502, { ...Object.fromEntries(baseHeaders), ...replyHeaders });
        pipeline(reply, res, () => undefined);
      },
    );
    upstream.on("error", () =>
      answer(
        res,
        503,
        `We could not reach our request service just now. Your request may not have been sent; please try again in a minute or ${callUsText}.`,
      ),
    );
    res.on("close", () => upstream.destroy());
    pipeline(req, upstream, () => undefined);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const rawUrl = req.url ?? "";
    if (!rawUrl.startsWith("/")) return answer(res, 400, "This address is malformed.");
    const query = rawUrl.indexOf("?");
    const rawPath = query === -1 ? rawUrl : rawUrl.slice(0, query);
    const search = query === -1 ? "" : rawUrl.slice(query);

    if (rawPath.startsWith("/api/")) return proxyToFunctions(req, res, rawPath, search);
    if (req.method !== "GET" && req.method !== "HEAD") {
      req.resume();
      return answer(res, 405, "This address only answers GET and HEAD.", { allow: "GET, HEAD" });
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return answer(res, 400, "This address is malformed.");
    }
    // Addresses have no trailing slash (gatsby-config trailingSlash: "never"). Only an address
    // that names a page is redirected, so the Location is always a plain path of this site.
    const trimmed = withoutTrailingSlashes(pathname);
    if (trimmed !== pathname) {
      const target = withoutTrailingSlashes(rawPath);
      if (resolveFile(publicDir, trimmed) && cleanSegments(target)) {
        return answer(res, 301, "", { location: `${target}${search}` });
      }
      return sendFile(req, res, path.join(publicDir, "404.html"), 404, baseHeaders);
    }
    const file = resolveFile(publicDir, pathname);
    // As on Netlify: the rules matching the address, so an unknown one gets only the "/*" rules.
    const headers = headersFor(headerRules, pathname);
    if (file) return sendFile(req, res, file, 200, headers);
    return sendFile(req, res, path.join(publicDir, "404.html"), 404, headers);
  }

  const server = createServer({ connectionsCheckingInterval: 500 }, (req, res) => {
    const deadline = setTimeout(
      () =>
        answer(
          res,
          503,
          `We could not finish your request in time. It may not have been sent; please ${callUsText} before sending it again.`,
        ),
      limits.deadlineMs,
    );
    res.on("close", () => clearTimeout(deadline));
    handle(req, res).catch((error: unknown) => {
      console.error(`[serve] ${req.method} ${req.url} failed:`, error);
      answer(res, 500, "Something went wrong on our side.");
    });
  });
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  // The slots decide who is let in (connection-slots.ts), so Node's own cap (maxConnections),
  // which refuses the newcomer whoever holds the rest, is left unset.
  const slots = connectionSlots({ perAddress: limits.connectionsPerAddress, total: limits.connections });
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
  const stop = async () => {
    functions.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return {
    url: `http://${host === "0.0.0.0" ? "localhost" : host}:${listening}`,
    stop,
    /** The functions' process id (null while it restarts). */
    functionsPid: functions.pid,
    /** Resolves once the functions' process answers again. */
    functionsReady: async () => {
      while (functions.port() === null) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

if (require.main === module) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: process.env.PORT ?? "9000" },
      host: { type: "string", default: "127.0.0.1" },
    },
  });
  startProductionServer({ port: Number(values.port), host: values.host! })
    .then(({ url, stop }) => {
      console.log(
        `\n  Site and functions running at ${url}\n  (outbox: ${process.env.OUTBOX_DIR ?? ".data/outbox"}; Ctrl+C to stop)\n`,
      );
      const shutdown = () => stop().then(() => process.exit(0));
      process.on("SIGINT", shutdown);
      process.on("SIGTERM", shutdown);
    })
    .catch((error: Error) => {
      console.error(error.message);
      process.exit(1);
    });
}
