/**
 * The functions as Netlify deploys them: bundled from the built site by Netlify's own bundler (lambda/bundle.mjs),
 * each zip unzipped alone with no node_modules above it, each request run as Lambda runs one, in a process gone
 * once it has answered (lambda/invoke.mjs). An HTTP front on loopback routes /api/* to the bundles by the rules
 * the Gatsby adapter wrote into public/_redirects, as Netlify's edge does.
 */
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { siteRoot } from "../../scripts/lib/site-copy";

export interface BundledFunction {
  name: string;
  /** The unzipped bundle: what Lambda calls the task root. */
  dir: string;
  /** The file Lambda loads, and its `handler`. */
  entry: string;
  schedule?: string;
  /** Bytes of the zip. */
  size: number;
  /** Files in the zip. */
  files: number;
  /** The Lambda runtime's stand-in that runs it (tests/support/lambda/invoke.mjs). */
  runtime: string;
}

/** A folder under the system's temporary folder from which no node_modules is found above. */
function isolatedFolder(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  for (let up = path.dirname(dir); ; up = path.dirname(up)) {
    if (existsSync(path.join(up, "node_modules"))) throw new Error(`${up} holds node_modules: not isolated`);
    if (up === path.dirname(up)) break;
  }
  return dir;
}

/**
 * Bundles the functions of the built site (`npm run build` must have run: its adapter wrote
 * .netlify/functions-internal) and netlify/functions, as Netlify's build does for `context`
 * (tests/support/lambda/bundle.mjs), each into a folder of its own with nothing above it.
 * With `NETLIFY_BUNDLES` set, the production bundles are those listed in that file, made for this
 * build by an earlier call (scripts/test-node-versions.ts bundles once for every Node it tries).
 */
export function bundleFunctions(context = "production"): BundledFunction[] {
  const listed = process.env.NETLIFY_BUNDLES;
  if (listed && context === "production") return JSON.parse(readFileSync(listed, "utf8")) as BundledFunction[];
  if (!existsSync(path.join(siteRoot, ".netlify", "functions-internal")))
    throw new Error("No .netlify/functions-internal: run `npm run build` first.");
  const work = isolatedFolder("netlify-functions-");
  const made = spawnSync(process.execPath, [path.join(__dirname, "lambda", "bundle.mjs"), siteRoot, work, context], {
    cwd: siteRoot,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (made.status !== 0) throw new Error(`Bundling the functions failed:\n${made.stderr}`);
  // The runtime sits beside the bundles, never above them.
  const runtime = path.join(work, "runtime", "invoke.mjs");
  mkdirSync(path.dirname(runtime));
  copyFileSync(path.join(__dirname, "lambda", "invoke.mjs"), runtime);
  return (JSON.parse(made.stdout) as Omit<BundledFunction, "runtime">[]).map((bundle) => ({ ...bundle, runtime }));
}

export interface LambdaEvent {
  path: string;
  rawUrl: string;
  rawQuery: string;
  httpMethod: string;
  headers: Record<string, string>;
  multiValueHeaders: Record<string, string[]>;
  queryStringParameters: Record<string, string>;
  multiValueQueryStringParameters: Record<string, string[]>;
  body: string | null;
  isBase64Encoded: boolean;
  flags?: Record<string, unknown>;
}

export interface LambdaAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  /** What the function wrote to its log while it ran. */
  log: string;
}

/** The environment Lambda gives a function (its own variables, none of this machine's). */
function lambdaEnv(bundle: BundledFunction, siteEnv: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    LANG: "en_US.UTF-8",
    TZ: ":UTC",
    NODE_ENV: "production",
    AWS_LAMBDA_FUNCTION_NAME: bundle.name,
    AWS_REGION: "us-east-2",
    LAMBDA_TASK_ROOT: bundle.dir,
    ...siteEnv,
  };
}

/** One invocation in a process of its own that ends as soon as the function has answered. */
export function invoke(
  bundle: BundledFunction,
  event: LambdaEvent,
  siteEnv: Record<string, string>,
): Promise<LambdaAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle.runtime, bundle.entry], {
      cwd: bundle.dir,
      env: lambdaEnv(bundle, siteEnv),
      stdio: ["pipe", "pipe", "pipe", "pipe"],
    });
    let log = "";
    let answer = "";
    child.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    (child.stdio[3] as Readable).on("data", (chunk: Buffer) => (answer += chunk.toString()));
    child.once("error", reject);
    child.once("close", () => {
      if (!answer) return reject(new Error(`${bundle.name} gave no answer:\n${log}`));
      const outcome = JSON.parse(answer) as { ok: boolean; error?: string; result?: Record<string, unknown> };
      if (!outcome.ok) return reject(new Error(`${bundle.name} failed: ${outcome.error}\n${log}`));
      const result = outcome.result as {
        statusCode?: number;
        headers?: Record<string, string>;
        multiValueHeaders?: Record<string, string[]>;
        body?: string;
        isBase64Encoded?: boolean;
      };
      const headers: Record<string, string> = { ...result.headers };
      for (const [name, values] of Object.entries(result.multiValueHeaders ?? {}))
        headers[name.toLowerCase()] = values.join(", ");
      const body = result.body
        ? Buffer.from(result.body, result.isBase64Encoded ? "base64" : "utf8").toString("utf8")
        : "";
      resolve({ statusCode: result.statusCode ?? 500, headers, body, log });
    });
    child.stdin!.end(JSON.stringify(event));
  });
}

interface Route {
  pattern: RegExp;
  params: string[];
  target: string;
}

/** The function routes the Gatsby adapter wrote into public/_redirects (`/api/x  /.netlify/functions/x-js  200`). */
function functionRoutes(): Route[] {
  const lines = readFileSync(path.join(siteRoot, "public", "_redirects"), "utf8").split("\n");
  return lines.flatMap((line) => {
    const [from, to] = line.trim().split(/\s+/);
    if (!from || !to?.startsWith("/.netlify/functions/")) return [];
    const params: string[] = [];
    const source = from
      .split("/")
      .map((part) => {
        if (part === "*") return "(.*)";
        if (part.startsWith(":")) {
          params.push(part.slice(1));
          return "([^/]+)";
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("/");
    return [{ pattern: new RegExp(`^${source}$`), params, target: to.slice("/.netlify/functions/".length) }];
  });
}

/** The Lambda event Netlify makes of an HTTP request (its v1 shape, which v2 functions also read). */
export function eventOf(method: string, url: URL, headers: Record<string, string>, body: Buffer | null): LambdaEvent {
  const query: Record<string, string> = {};
  const multiQuery: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) {
    query[name] = value;
    (multiQuery[name] ??= []).push(value);
  }
  return {
    path: url.pathname,
    rawUrl: url.href,
    rawQuery: url.search.slice(1),
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: query,
    multiValueQueryStringParameters: multiQuery,
    body: body && body.length ? body.toString("base64") : null,
    isBase64Encoded: Boolean(body && body.length),
    flags: {},
  };
}

export interface NetlifyFront {
  url: string;
  stop: () => Promise<void>;
  /** Every invocation's log, in order. */
  logs: string[];
}

/**
 * Answers /api/* on loopback as Netlify's edge does: the route from _redirects, the client's
 * address in x-nf-client-connection-ip (any one a client sent is replaced), one Lambda
 * invocation per request.
 */
export async function startNetlifyFront(
  bundles: BundledFunction[],
  siteEnv: (siteUrl: string) => Record<string, string>,
): Promise<NetlifyFront> {
  const routes = functionRoutes();
  const byName = new Map(bundles.map((bundle) => [bundle.name, bundle]));
  const logs: string[] = [];
  let env: Record<string, string> = {};
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", env.URL);
        const route = routes.find((each) => each.pattern.test(url.pathname));
        const bundle = route && byName.get(route.target);
        if (!bundle) {
          res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
          return;
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === "string" && !name.startsWith("x-nf-")) headers[name] = value;
        headers["x-nf-client-connection-ip"] = req.socket.remoteAddress ?? "";
        try {
          const answer = await invoke(bundle, eventOf(req.method ?? "GET", url, headers, Buffer.concat(chunks)), env);
          logs.push(`[${bundle.name}] ${req.method} ${url.pathname} -> ${answer.statusCode}\n${answer.log}`);
          res.writeHead(answer.statusCode, answer.headers).end(answer.body);
        } catch (error) {
          logs.push(`[${bundle.name}] ${(error as Error).message}`);
          res.writeHead(502, { "content-type": "text/plain" }).end("The function failed.");
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  env = siteEnv(url);
  return { url, logs, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
