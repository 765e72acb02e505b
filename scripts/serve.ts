/**
 * Serves the built site the way it runs in production: `gatsby serve` answers pages and runs
 * the Gatsby Functions, and in front of it this server adds the deployed headers (from
 * public/_headers) and compresses responses with brotli or gzip as a CDN does.
 *
 *   tsx scripts/serve.ts [--port 9000] [--host 127.0.0.1]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createNetServer } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { headersFor, loadHeaderRules } from "./lib/deployed-headers";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForServer(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gatsby serve exited with code ${child.exitCode}`);
    const up = await new Promise<boolean>((resolve) => {
      const probe = request({ host: "127.0.0.1", port, path: "/", method: "HEAD" }, (res) => {
        res.resume();
        resolve(true);
      });
      probe.on("error", () => resolve(false));
      probe.end();
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("gatsby serve did not start within 60 seconds");
}

function chooseEncoding(req: IncomingMessage): "br" | "gzip" | null {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

export async function startProductionServer({ port, host }: { port: number; host: string }) {
  const siteRoot = process.cwd();
  const headerRules = loadHeaderRules(path.join(siteRoot, "public", "_headers"));
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
    // Keep function logs and errors; drop the banner that names the inner port.
    const text = chunk.toString();
    if (!/You can now view|Local:|On Your Network/.test(text)) process.stdout.write(text);
  });
  await waitForServer(innerPort, gatsby);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const upstream = request(
      {
        host: "127.0.0.1",
        port: innerPort,
        path: req.url,
        method: req.method,
        // Compression is this server's job: ask gatsby serve for the plain bytes.
        // The functions limit requests per visitor: tell them who the visitor is (they trust
        // X-Forwarded-For only from a proxy on this machine, see client-address.ts).
        headers: {
          ...req.headers,
          host: `${host}:${port}`,
          "accept-encoding": "identity",
          "x-forwarded-for": req.socket.remoteAddress ?? "",
        },
      },
      (answer) => {
        const pathname = new URL(req.url ?? "/", "http://local").pathname;
        const isFunction = pathname.startsWith("/api/");
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && name !== "x-powered-by") headers[name] = value;
        }
        if (!isFunction) headersFor(headerRules, pathname).forEach((value, name) => (headers[name] = value));

        const type = String(answer.headers["content-type"] ?? "");
        const encoding = COMPRESSIBLE.test(type) && req.method !== "HEAD" ? chooseEncoding(req) : null;
        if (!encoding || answer.statusCode === 304 || answer.statusCode === 204) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        delete headers["content-length"];
        headers["content-encoding"] = encoding;
        headers.vary = "Accept-Encoding";
        res.writeHead(answer.statusCode ?? 502, headers);
        const compressor =
          encoding === "br"
            ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
            : createGzip({ level: 9 });
        answer.pipe(compressor).pipe(res);
      },
    );
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`Upstream error: ${error.message}`);
    });
    req.pipe(upstream);
  });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    gatsby.kill("SIGTERM");
  };
  return { url: `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`, stop };
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
