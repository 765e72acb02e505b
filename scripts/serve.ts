/**
 * Serves the built site the way Netlify does: files from public/ in the layout the Netlify
 * adapter leaves there (/services/radon is services/radon.html), the headers in
 * public/_headers, brotli or gzip compression as a CDN applies, 404.html for unknown
 * addresses, and /api/* answered by the Gatsby Functions, run by `gatsby serve` behind it.
 *
 *   tsx scripts/serve.ts [--port 9000] [--host 127.0.0.1]
 */
import { spawn } from "node:child_process";
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { startDeliveryWorker } from "../src/lib/server/delivery";
import { headersFor, loadHeaderRules } from "./lib/deployed-headers";
import { freePort, waitForServer } from "./lib/net";

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

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** The file for an address: itself, <address>.html, or <address>/index.html. */
export function resolveFile(publicDir: string, pathname: string): string | null {
  const relative = path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
  const base = path.join(publicDir, relative);
  if (!base.startsWith(publicDir)) return null;
  for (const candidate of [base, `${base}.html`, path.join(base, "index.html")]) {
    if (isFile(candidate)) return candidate;
  }
  return null;
}

function chooseEncoding(req: IncomingMessage): "br" | "gzip" | null {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

function sendFile(
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
    out["content-encoding"] = encoding;
    out.vary = "Accept-Encoding";
  } else {
    out["content-length"] = String(statSync(file).size);
  }
  res.writeHead(status, out);
  if (req.method === "HEAD") return res.end();
  const stream = createReadStream(file);
  if (!encoding) return stream.pipe(res);
  const compressor =
    encoding === "br"
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : createGzip({ level: 9 });
  stream.pipe(compressor).pipe(res);
}

function proxyToFunctions(req: IncomingMessage, res: ServerResponse, innerPort: number) {
  const upstream = request(
    {
      host: "127.0.0.1",
      port: innerPort,
      path: req.url,
      method: req.method,
      // The functions limit requests per visitor: tell them who the visitor is (they trust
      // X-Forwarded-For only from a proxy on this machine, see client-address.ts).
      headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "" },
    },
    (answer) => {
      const headers = { ...answer.headers };
      delete headers["x-powered-by"];
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", (error) => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
    res.end(`The functions server did not answer: ${error.message}`);
  });
  req.pipe(upstream);
}

export async function startProductionServer({
  port,
  host,
  siteRoot = process.cwd(),
}: {
  /** 0 takes any free port; the returned url names the one chosen. */
  port: number;
  host: string;
  /** The Gatsby project whose public/ is served (the bench serves a second, bare site). */
  siteRoot?: string;
}) {
  const publicDir = path.join(siteRoot, "public");
  const headerRules = loadHeaderRules(path.join(publicDir, "_headers"));
  const innerPort = await freePort();
  const gatsby = spawn(
    process.execPath,
    [
      require.resolve("gatsby/cli.js", { paths: [siteRoot] }),
      "serve",
      "--port",
      String(innerPort),
      "--host",
      "127.0.0.1",
    ],
    { cwd: siteRoot, env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" }, stdio: ["ignore", "pipe", "inherit"] },
  );
  gatsby.stdout?.on("data", (chunk: Buffer) => {
    // Keep the functions' logs; drop the banner that names the inner port.
    const text = chunk.toString();
    if (!/You can now view|Local:|On Your Network/.test(text)) process.stdout.write(text);
  });
  await waitForServer(innerPort, gatsby);

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    if (url.pathname.startsWith("/api/")) return proxyToFunctions(req, res, innerPort);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" });
      return res.end("Method not allowed");
    }
    // Addresses have no trailing slash (gatsby-config trailingSlash: "never").
    if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
      res.writeHead(301, { location: `${url.pathname.replace(/\/+$/, "")}${url.search}` });
      return res.end();
    }
    const file = resolveFile(publicDir, url.pathname);
    const headers = headersFor(headerRules, url.pathname);
    if (file) return sendFile(req, res, file, 200, headers);
    sendFile(req, res, path.join(publicDir, "404.html"), 404, headers);
  });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: listening } = server.address() as { port: number };
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    gatsby.kill("SIGTERM");
  };
  return { url: `http://${host === "0.0.0.0" ? "localhost" : host}:${listening}`, stop };
}

if (require.main === module) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: process.env.PORT ?? "9000" },
      host: { type: "string", default: "127.0.0.1" },
    },
  });
  // E-mails still pending from before a restart go out now, and every few seconds while it runs.
  startDeliveryWorker();
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
