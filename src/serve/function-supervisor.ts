/**
 * The Gatsby Functions behind src/serve/serve.ts: run in a process of their own
 * (functions-worker.ts), restarted when it ends, and reached through a proxy that answers 503
 * while none is ready and refuses a body the functions would refuse before reading a byte of it.
 */
import { fork, type ChildProcess } from "node:child_process";
import { request, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream";
import { pathToFileURL } from "node:url";
import { isJsonContentType, JSON_ONLY_MESSAGE, tooLargeMessage } from "../lib/server/http/read-body";
import type { ServerSettings } from "../lib/server/runtime/settings";
import { freePort } from "./net";

type RestartSettings = Pick<
  ServerSettings,
  "functionsFirstRestartMs" | "functionsRestartMaxMs" | "functionsStartTries"
>;

/**
 * The functions' process: started, restarted when it exits (after a pause that doubles while it
 * keeps failing), and stopped with the server. `port()` is null while none is ready.
 */
function superviseFunctions(siteRoot: string, env: NodeJS.ProcessEnv, settings: RestartSettings) {
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
    const worker = fork(path.join(__dirname, "functions-worker.ts"), [siteRoot, String(port)], {
      cwd: siteRoot,
      // Two of glibc's malloc arenas rather than one per thread (V8 compiles on several): 60 to 90 MB
      // less resident memory, at rest and after use (docs/quality.md).
      env: { MALLOC_ARENA_MAX: "2", ...env, GATSBY_TELEMETRY_DISABLED: "1" },
      // A young generation of 1 MB rather than V8's 16 MB: 50 to 65 MB less resident memory, at
      // rest and under load (figures in docs/quality.md). --expose-gc lets the process
      // free the first start's initdb at once (functions-worker.ts).
      execArgv: ["--max-semi-space-size=1", "--expose-gc", "--import", pathToFileURL(require.resolve("tsx")).href],
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
      if (failures >= settings.functionsStartTries && !everReady) {
        return firstFailed(new Error("The functions process keeps failing to start."));
      }
      const pause = Math.min(settings.functionsFirstRestartMs * 2 ** (failures - 1), settings.functionsRestartMaxMs);
      setTimeout(() => void start(), pause).unref();
    });
  };
  void start();
  return {
    started,
    port: () => readyPort,
    /** Resolves once the process has ended (it closes its database first). */
    stop: (): Promise<void> => {
      stopping = true;
      const worker = child;
      if (!worker) return Promise.resolve();
      const ended = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      worker.kill("SIGTERM");
      return ended;
    },
  };
}

/** A short plain-text answer with the headers every answer carries (the front server's). */
export type PlainAnswer = (
  res: ServerResponse,
  status: number,
  text: string | Buffer,
  extra?: Record<string, string>,
) => void;

/**
 * Starts the functions' process; resolves once it first answers (rejects if it never starts).
 * `proxy` hands a request for /api/* to it.
 */
export async function startFunctions({
  siteRoot,
  env,
  settings,
  baseHeaders,
  answer,
  callUs,
}: {
  siteRoot: string;
  env: NodeJS.ProcessEnv;
  settings: RestartSettings & Pick<ServerSettings, "bodyBytes">;
  /** The headers every answer carries; a function's own come on top. */
  baseHeaders: Map<string, string>;
  answer: PlainAnswer;
  /** How else to reach the business ("call us at ..."), for the answers that say a request may not have arrived. */
  callUs: string;
}) {
  const functions = superviseFunctions(siteRoot, env, settings);
  await functions.started;

  /** `target` is the address as it came, path and query, which the functions parse themselves. */
  function proxy(req: IncomingMessage, res: ServerResponse, target: string) {
    const innerPort = functions.port();
    if (innerPort === null) {
      req.resume();
      return answer(
        res,
        503,
        `Our request service is restarting. Nothing was sent; please try again in a minute or ${callUs}.`,
        // By then the longest pause before a restart has passed.
        { "retry-after": String(Math.ceil(settings.functionsRestartMaxMs / 1000)) },
      );
    }
    if (req.method === "POST") {
      // Refused here, before a byte of the body is read, so no body type can be buffered.
      if (!isJsonContentType(req.headers["content-type"])) {
        return answer(res, 415, JSON_ONLY_MESSAGE, { connection: "close" });
      }
      if (Number(req.headers["content-length"] ?? 0) > settings.bodyBytes) {
        return answer(res, 413, tooLargeMessage(settings.bodyBytes), { connection: "close" });
      }
    }
    const { host: _host, ...headers } = req.headers;
    let replied = false;
    const upstream = request(
      {
        host: "127.0.0.1",
        port: innerPort,
        path: target,
        method: req.method,
        // A connection of its own for each request. Kept alive and shared, a connection the
        // functions closed mid-request (a report upload refused part-way, 413) went back to the
        // pool, and the next visitor's request was sent on it and reset: 503, every time.
        agent: false,
        // The functions limit requests per visitor: tell them who the visitor is (they trust
        // X-Forwarded-For only from a proxy on this machine, see client-address.ts), and the
        // address it was reached under (the desk's changes must come from that origin).
        headers: {
          ...headers,
          "x-forwarded-for": req.socket.remoteAddress ?? "",
          "x-forwarded-host": req.headers.host ?? "",
        },
      },
      (reply) => {
        replied = true;
        const replyHeaders = { ...reply.headers };
        delete replyHeaders["x-powered-by"];
        delete replyHeaders["access-control-allow-origin"];
        if (res.headersSent) return void reply.resume();
        res.writeHead(reply.statusCode ?? 502, { ...Object.fromEntries(baseHeaders), ...replyHeaders });
        pipeline(reply, res, () => undefined);
      },
    );
    upstream.on("error", () => {
      // Once the functions have answered, their answer stands: a body they stopped reading (a
      // refused upload) may end the connection under what is still being sent, and the visitor
      // reads the answer rather than a 503.
      if (replied) return void req.resume();
      answer(
        res,
        503,
        `We could not reach our request service just now. Your request may not have been sent; please try again in a minute or ${callUs}.`,
      );
    });
    // A visitor who leaves before the answer is whole leaves the functions nothing to finish.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    pipeline(req, upstream, () => undefined);
  }

  return { proxy, stop: functions.stop };
}
