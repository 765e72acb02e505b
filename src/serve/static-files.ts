/**
 * The built site's files as src/serve/serve.ts sends them: the file an address names (in the
 * layout the Netlify adapter leaves in public/, never outside it), its content type, and text
 * compressed with brotli or gzip as a CDN does.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { filesForAddress } from "../build-time/built-pages";

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
/** Files Netlify reads for itself and never serves. */
const HOST_FILES = new Set(["_headers", "_redirects"]);

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** The path segments of an address, or null when one is empty, a dot segment or hidden. */
export function cleanSegments(pathname: string): string[] | null {
  if (pathname === "/") return [];
  const segments = pathname.slice(1).split("/");
  const clean = segments.every((segment) => segment !== "" && !segment.startsWith(".") && !/[\\\0]/.test(segment));
  return clean ? segments : null;
}

/** The file for a decoded address, found as src/build-time/built-pages.ts maps addresses to files; never outside publicDir. */
export function resolveFile(publicDir: string, pathname: string): string | null {
  const segments = cleanSegments(pathname);
  if (!segments || HOST_FILES.has(segments[0] ?? "")) return null;
  const base = path.join(publicDir, ...segments);
  const relative = path.relative(publicDir, base);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const candidates = filesForAddress(segments.join("/")).map((file) => path.join(publicDir, file));
  return candidates.find(isFile) ?? null;
}

function chooseEncoding(req: IncomingMessage): "br" | "gzip" | null {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

/**
 * Above this size (only the content editor's bundle, 5 MB) brotli runs at a fast quality: the
 * highest takes over 10 s for that file, much of a request's deadline (deadlineMs in
 * src/lib/server/runtime/settings.ts). Every page's files are far smaller.
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

/** Sends a file with its content type and the given headers, compressed when it is text and the client takes it. */
export function fileSender() {
  const compressed = createCompressedCache();
  return async function sendFile(
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
  };
}

/** An address without its trailing slashes, found without a backtracking regex. */
export function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 47) end -= 1;
  return pathname.slice(0, end);
}
