/**
 * The guard in front of decap-server, which itself reads and writes any file of the repository for any page
 * that reaches it (a page rebinding its DNS name to 127.0.0.1 can). It passes on only a request whose Host is its
 * own loopback address, whose Origin (if any) the caller allowed, and whose action and paths are ones the
 * editor's collections and media folder name, through no symbolic link; the rest gets 403 with a message. It
 * passes on the JSON it checked, written by itself, so decap-server cannot read it differently.
 */
import { createServer, request, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import { checkRequest } from "./editor-backend-requests";
import { linkInside, linkOnTheWay } from "./editor-backend-links";
import type { EditorScope } from "./editor-backend-scope";

/** Where Decap's proxy backend sends every request. */
export const API_PATH = "/api/v1";

/** decap-server's own limit on a request's body (uploads arrive in it, as base64). */
const MAX_BODY_BYTES = 50 * 1024 * 1024;

/** The request headers decap-server needs: its CORS answers read them. */
const FORWARDED_HEADERS = ["origin", "access-control-request-method", "access-control-request-headers", "accept"];

/** Headers about one connection, which are not passed from decap-server's answer to the editor. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade"]);

export interface GuardOptions {
  /** The loopback port the editor sends to (DECAP_SERVER_PORT for `npm run cms`); 0 for a free one. */
  port: number;
  /** The only origins whose pages may call the backend: the editor's own ("http://localhost:8000"). */
  allowedOrigins: readonly string[];
  /** The repository decap-server edits. */
  repoDir: string;
  scope: EditorScope;
  /** decap-server's socket (a Unix socket or a Windows pipe), which only the guard knows, once it listens. */
  upstream: () => Promise<string>;
}

export interface Guard {
  port: number;
  close: () => Promise<void>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The answer decap-server's own errors have, which the editor shows. */
function answer(res: ServerResponse, status: number, error: string) {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify({ error }));
}

/** The body as JSON, or a refusal: compressed, too large, not UTF-8 or not JSON. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const encoding = req.headers["content-encoding"];
  if (encoding !== undefined && encoding !== "identity") throw new Refusal(415, "The body must not be compressed.");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Past the limit the rest is read and dropped, so the client hears the answer.
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  if (size > MAX_BODY_BYTES) throw new Refusal(413, `The body is over ${MAX_BODY_BYTES} bytes.`);
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)));
  } catch {
    throw new Refusal(400, "The body is not JSON in UTF-8.");
  }
}

/** Refuses a request whose paths pass by name but lead through a symbolic link. */
async function checkLinks(repoDir: string, names: readonly string[], folders: readonly string[]) {
  for (const name of names) {
    const link = await linkOnTheWay(repoDir, name);
    if (link) throw new Refusal(403, `${JSON.stringify(name)} leads through the symbolic link ${link}.`);
  }
  for (const folder of folders) {
    const link = await linkInside(repoDir, folder);
    if (link) throw new Refusal(403, `${JSON.stringify(folder)} holds the symbolic link ${link}.`);
  }
}

async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  upstreamSocket: () => Promise<string>,
  body?: string,
) {
  let socketPath: string;
  try {
    socketPath = await upstreamSocket();
  } catch (error) {
    return answer(res, 502, `decap-server did not start: ${(error as Error).message}`);
  }
  const headers: OutgoingHttpHeaders = { host: "decap-server" };
  for (const name of FORWARDED_HEADERS) {
    if (req.headers[name] !== undefined) headers[name] = req.headers[name];
  }
  if (body !== undefined) {
    headers["content-type"] = "application/json; charset=utf-8";
    headers["content-length"] = Buffer.byteLength(body);
  }
  const upstream = request({ socketPath, path: API_PATH, method: req.method, headers }, (reply) => {
    const replyHeaders = Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    res.writeHead(reply.statusCode ?? 502, replyHeaders);
    reply.pipe(res);
  });
  upstream.on("error", (error) => answer(res, 502, `decap-server did not answer: ${error.message}`));
  upstream.end(body);
}

export async function startGuard({ port, allowedOrigins, repoDir, scope, upstream }: GuardOptions): Promise<Guard> {
  let allowedHosts: string[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const host = (req.headers.host ?? "").toLowerCase();
    if (!allowedHosts.includes(host)) {
      throw new Refusal(403, `The editor's backend answers only as ${allowedHosts.join(" or ")}, not ${host}.`);
    }
    const { origin } = req.headers;
    if (origin !== undefined && !allowedOrigins.includes(origin)) {
      throw new Refusal(
        403,
        `Only the editor's page (${allowedOrigins.join(" or ")}) may call its backend, not ${origin}.`,
      );
    }
    const { pathname } = new URL(req.url ?? "/", "http://guard");
    if (pathname !== API_PATH) throw new Refusal(404, `Only ${API_PATH} is here.`);
    // The browser's CORS question before each call; decap-server answers it.
    if (req.method === "OPTIONS") return forward(req, res, upstream);
    if (req.method !== "POST") throw new Refusal(405, `${API_PATH} takes POST.`);

    const body = await readJson(req);
    const verdict = checkRequest(body, scope);
    if ("refusal" in verdict) throw new Refusal(403, verdict.refusal);
    await checkLinks(repoDir, verdict.names, verdict.folders);
    await forward(req, res, upstream, JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof Refusal) return answer(res, error.status, error.message);
      answer(res, 500, error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: listening } = server.address() as { port: number };
  allowedHosts = [`127.0.0.1:${listening}`, `localhost:${listening}`];
  return {
    port: listening,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
