/**
 * Runs the site's Gatsby Functions from the bundles `gatsby build` compiles into .cache/functions, each loaded
 * once per process (`gatsby serve` reloads a bundle per request and keeps every copy). Any function in Gatsby's
 * manifest is served at /api/<route>; a handler gets Node's request stream untouched and the part of Express's
 * response API Gatsby documents for functions: status, json, send, setHeader.
 */
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

interface ManifestEntry {
  functionRoute: string;
  absoluteCompiledFilePath: string;
  relativeCompiledFilePath?: string;
}

type Handler = (req: IncomingMessage, res: FunctionResponse) => unknown;

export interface FunctionResponse extends ServerResponse {
  status(code: number): FunctionResponse;
  json(body: unknown): FunctionResponse;
  send(body: unknown): FunctionResponse;
  sendStatus(code: number): FunctionResponse;
}

/**
 * Every function of the built site, by route ("schedule" for /api/schedule). A bundle is loaded on
 * the first request to its function: each carries its own copy of the libraries it uses, and all
 * ten together are 48 MB of JavaScript, about 160 MB of a server's resident memory.
 */
export function loadFunctions(siteRoot: string): Map<string, Handler> {
  const dir = path.join(siteRoot, ".cache", "functions");
  const manifestFile = path.join(dir, "manifest.json");
  // A site without functions has no manifest: every /api address is then answered 404.
  if (!existsSync(manifestFile)) return new Map();
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as ManifestEntry[];
  const handlers = new Map<string, Handler>();
  for (const entry of manifest) {
    const file = entry.relativeCompiledFilePath
      ? path.join(dir, entry.relativeCompiledFilePath)
      : entry.absoluteCompiledFilePath;
    if (!existsSync(file)) throw new Error(`${file}, listed in the functions' manifest, is missing.`);
    let handler: Handler | undefined;
    handlers.set(entry.functionRoute, (req, res) => (handler ??= loadBundle(file))(req, res));
  }
  return handlers;
}

function loadBundle(file: string): Handler {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundles are CommonJS, found at run time
  const loaded = require(file) as { default?: Handler } | Handler;
  const handler = typeof loaded === "function" ? loaded : loaded.default;
  if (typeof handler !== "function") throw new Error(`${file} does not export a function.`);
  return handler;
}

function withExpressMethods(res: ServerResponse): FunctionResponse {
  const out = res as FunctionResponse;
  out.status = (code) => {
    out.statusCode = code;
    return out;
  };
  out.send = (body) => {
    if (body !== null && typeof body === "object" && !Buffer.isBuffer(body)) return out.json(body);
    const payload = Buffer.isBuffer(body) ? body : Buffer.from(String(body ?? ""));
    if (!out.hasHeader("content-type")) {
      out.setHeader("content-type", Buffer.isBuffer(body) ? "application/octet-stream" : "text/html; charset=utf-8");
    }
    out.setHeader("content-length", payload.length);
    out.end(payload);
    return out;
  };
  out.json = (body) => {
    if (!out.hasHeader("content-type")) out.setHeader("content-type", "application/json; charset=utf-8");
    return out.send(Buffer.from(JSON.stringify(body)));
  };
  out.sendStatus = (code) => out.status(code).send(String(code));
  return out;
}

/**
 * The function for a route, and the values of its parameters: a file src/api/availability/[month].ts
 * is the route "availability/:month" in Gatsby's manifest, and /api/availability/2026-12 gives it
 * { month: "2026-12" }.
 */
export function matchRoute<H>(
  handlers: ReadonlyMap<string, H>,
  route: string,
): { handler: H | undefined; params: Record<string, string> } {
  const exact = handlers.get(route);
  if (exact) return { handler: exact, params: {} };
  const segments = route.split("/");
  for (const [pattern, handler] of handlers) {
    const parts = pattern.split("/");
    if (parts.length !== segments.length || !parts.some((part) => /^(:|\[)/.test(part))) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, i) => {
      const name = /^:(\w+)$/.exec(part)?.[1] ?? /^\[(\w+)\]$/.exec(part)?.[1];
      if (!name) return part === segments[i];
      try {
        params[name] = decodeURIComponent(segments[i]!);
      } catch {
        return false;
      }
      return segments[i] !== "";
    });
    if (matches) return { handler, params };
  }
  return { handler: undefined, params: {} };
}

/**
 * Answers one /api request. A function that throws or rejects is answered 500 with a sentence
 * (never the error's text); an address with no function is answered 404.
 */
export async function runFunction(
  handlers: ReadonlyMap<string, Handler>,
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
): Promise<void> {
  const { handler, params } = matchRoute(handlers, route);
  const response = withExpressMethods(res);
  if (!handler) {
    req.resume();
    response.status(404).setHeader("content-type", "text/plain; charset=utf-8");
    response.send("There is no such address on this site.");
    return;
  }
  const url = req.url ?? "";
  const query = Object.fromEntries(new URLSearchParams(url.includes("?") ? url.slice(url.indexOf("?") + 1) : ""));
  // Gatsby's wrapper of a function with a parameter ([month]) reads it from Express's originalUrl.
  Object.assign(req, { query, params, cookies: {}, body: undefined, originalUrl: url });
  try {
    await handler(req, response);
  } catch (error) {
    console.error(`[/api/${route}] the function failed:`, error);
    if (!res.headersSent) {
      response.status(500).setHeader("content-type", "text/plain; charset=utf-8");
      response.send("Something went wrong on our side and nothing was sent.");
    } else res.destroy();
  }
}
