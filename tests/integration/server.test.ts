/**
 * The production server (src/serve/serve.ts) tried as an attacker would, on loopback: addresses
 * that are malformed or point outside the site, a functions process that dies, bodies that are
 * not JSON, clients that are slow or open too many connections. Every answer must come in
 * time, carry the security headers, and leave the server answering the next visitor.
 */
import { readFileSync } from "node:fs";
import { globalAgent, request } from "node:http";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { readSiteContent } from "../../src/build-time/content-files";
import { DEFAULT_SETTINGS, settingsEnv } from "../../src/lib/server/runtime/settings";
import { inlineScriptHashes } from "../../src/build-time/built-pages";
import { publicDir } from "../support/built-site";
import { postJson, startFunctionServer, type Answer, type FunctionServer } from "../support/function-server";
import { contactMessage } from "../support/sample-requests";

const { phone } = readSiteContent();

/** The slow-client limits shortened, so the test waits a second or two for each, not the production time. */
const limits = { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, rateLimitMax: 1_000 };

let server: FunctionServer;
beforeAll(async () => {
  server = await startFunctionServer(settingsEnv(limits));
});
afterAll(() => server?.stop());

/** One request with the path sent exactly as written (no client-side normalising). */
function raw(
  rawPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer & { bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: rawPath,
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.from,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString("utf8"), bytes });
        });
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const stillServing = async () => expect((await raw("/")).status).toBe(200);

describe("addresses", () => {
  it("a malformed escape is answered 400, and the server keeps serving", async () => {
    for (const address of ["/%ff", "/%", "/about%E0%A4%A"]) {
      expect((await raw(address)).status).toBe(400);
    }
    await stillServing();
  });

  it("never redirects off the site, whatever slashes and dots an address holds", async () => {
    for (const address of ["//", "/.//evil.com/", "//evil.com/", "/\\evil.com/", "/./about/", "/about//"]) {
      const answer = await raw(address);
      expect([301, 400, 404]).toContain(answer.status);
      if (answer.status === 301) expect(answer.headers.location).toMatch(/^\/(?![/\\])/);
    }
    expect((await raw("/.//evil.com/")).headers.location).toBeUndefined();
    expect((await raw("/about/?x=1")).headers.location).toBe("/about?x=1");
    await stillServing();
  });

  it("serves nothing outside the site's files, nor Netlify's own _headers and _redirects", async () => {
    for (const address of [
      "/_headers",
      "/_redirects",
      "/..%2fpackage.json",
      "/%2e%2e/package.json",
      "/..%5cpackage.json",
      "/static/..%2f..%2fpackage.json",
      "/.env",
    ]) {
      const answer = await raw(address);
      expect(answer.status).toBe(404);
      expect(answer.body.includes('"private": true') || answer.body.includes("content-security-policy:")).toBe(false);
    }
  });
});

/** The policy a page states in a <meta> element, as the 404 page does for addresses only "/*" matches. */
const metaPolicy = (html: string) =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1]?.replace(/&quot;/g, '"');

describe("every answer carries the security headers", () => {
  const cases: Array<[string, () => Promise<Answer>, number]> = [
    ["a page", () => raw("/about"), 200],
    ["a page's .html address", () => raw("/about.html"), 200],
    ["a redirect", () => raw("/about/"), 301],
    ["an unknown address", () => raw("/no-such-page"), 404],
    ["a refused method", () => raw("/about", { method: "POST" }), 405],
    ["a malformed address", () => raw("/%ff"), 400],
    ["a function's 201", () => postJson(`${server.url}/api/contact`, contactBody(), "127.0.5.1"), 201],
    ["a function's 400", () => postJson(`${server.url}/api/schedule`, { zip: "1" }, "127.0.5.2"), 400],
    ["a function's 405", () => raw("/api/schedule"), 405],
    ["an unknown function", () => raw("/api/no-such-function"), 404],
  ];
  it.each(cases)("%s", async (name, send, status) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    expect(answer.headers["strict-transport-security"]).toContain("max-age=");
    expect(answer.headers["permissions-policy"]).toContain("camera=()");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    // The 404 page answers addresses no rule but "/*" matches, so its policy is in the page
    // (src/lib/http/http-headers.ts), and no opener policy, which only a header can set, is sent.
    const unknown = name === "an unknown address";
    const policy = unknown ? metaPolicy(answer.body) : answer.headers["content-security-policy"];
    expect(policy).toMatch(/^default-src 'self'/);
    if (unknown) expect(answer.headers["content-security-policy"]).toBeUndefined();
    else expect(answer.headers["cross-origin-opener-policy"]).toBe("same-origin");
    // The old XSS auditor's switch is sent turned off, never Gatsby's default "1; mode=block".
    expect(answer.headers["x-xss-protection"]).toBe("0");
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("an unknown address's policy allows exactly the scripts of the 404 page it is sent", async () => {
    const answer = await raw("/no-such-page");
    const policy = String(metaPolicy(answer.body));
    const hashes = inlineScriptHashes(answer.body);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(policy).toContain(`'sha256-${hash}'`);
  });

  it("a page's .html address is sent the page's own policy, which allows the page's scripts", async () => {
    const [page, html] = [await raw("/about"), await raw("/about.html")];
    expect(html.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);
    for (const hash of inlineScriptHashes(html.body)) {
      expect(html.headers["content-security-policy"]).toContain(`'sha256-${hash}'`);
    }
  });
});

function contactBody() {
  return { name: "Carl Owner", email: "carl@example.com", topic: "radon", message: "Do you test for radon here?" };
}

it("sends text compressed ahead of time: a fixed length, the same bytes every time", async () => {
  const first = await raw("/about", { headers: { "accept-encoding": "br" } });
  const second = await raw("/about", { headers: { "accept-encoding": "br" } });
  expect(first.headers["content-encoding"]).toBe("br");
  expect(Number(first.headers["content-length"])).toBe(first.bytes.length);
  expect(second.bytes.equals(first.bytes)).toBe(true);
  expect(brotliDecompressSync(first.bytes).toString("utf8")).toBe(
    readFileSync(path.join(publicDir, "about.html"), "utf8"),
  );
});

it("when the functions' process dies, visitors get a 503 naming the phone, then it is back", async () => {
  const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, "utf8").trim().split(/\s+/);
  expect(children).toHaveLength(1);
  process.kill(Number(children[0]), "SIGKILL");
  const during = await postJson(`${server.url}/api/contact`, contactMessage(), "127.0.6.1");
  expect(during.status).toBe(503);
  expect(during.body).toContain(phone);
  expect(during.headers["strict-transport-security"]).toContain("max-age=");
  await stillServing();
  let after = during;
  for (let attempt = 0; attempt < 100 && after.status === 503; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    after = await postJson(`${server.url}/api/contact`, contactMessage(), "127.0.6.2");
  }
  expect(after.status).toBe(201);
});

it("keeps an idle connection longer than a client keeps its own, so the client closes it first", async () => {
  // Node's agent keeps an idle connection for its own timeout, or the server's Keep-Alive hint less
  // 1 s, whichever is shorter; a server closing first could close it as a busy client sent on it,
  // and the client read "socket hang up". Both hops: the page, and a function behind the proxy.
  for (const address of ["/", "/api/desk/session"]) {
    const answer = await raw(address);
    const hint = Number(/^timeout=(\d+)$/.exec(String(answer.headers["keep-alive"]))?.[1]);
    expect(hint * 1000).toBe(DEFAULT_SETTINGS.keepAliveMs);
    expect(hint * 1000 - 1000).toBeGreaterThan(
      (globalAgent as unknown as { options: { timeout: number } }).options.timeout,
    );
  }
});

describe("bodies and slow clients", () => {
  it("refuses a multipart upload with 415 before reading its body", async () => {
    let bytesSent = 0;
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request({
        host: "127.0.0.1",
        port: server.port,
        path: "/api/schedule",
        method: "POST",
        localAddress: "127.0.7.1",
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(200 * 1024 * 1024) },
      });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          req.destroy();
        });
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
      });
      // Only the first 64 KB of the 200 MB announced, and nothing more: the answer cannot have
      // waited for the rest.
      const head = `--x\r\ncontent-disposition: form-data; name="file"\r\n\r\n${"x".repeat(64 * 1024)}`;
      req.write(head);
      bytesSent = Buffer.byteLength(head);
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatch(/Content-Type: application\/json/);
    expect(bytesSent).toBeLessThan(100 * 1024);
    await stillServing();
  });

  /** Opens a connection, sends part of a request and stalls; resolves with what comes back once the server closes it. */
  function stall(text: string, from: string): Promise<{ reply: string }> {
    return new Promise((resolve) => {
      let reply = "";
      const socket = connect({ host: "127.0.0.1", port: server.port, localAddress: from }, () => socket.write(text));
      socket.on("data", (chunk: Buffer) => (reply += chunk.toString()));
      socket.on("error", () => undefined);
      socket.on("close", () => resolve({ reply }));
    });
  }

  it("answers 408 to headers or a body that stop arriving, and closes the connection", async () => {
    const [headers, body] = await Promise.all([
      stall("GET / HTTP/1.1\r\nHost: x\r\n", "127.0.7.2"),
      stall(
        'POST /api/contact HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"name":',
        "127.0.7.3",
      ),
    ]);
    expect(headers.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(headers.reply).toMatch(/strict-transport-security: max-age=/);
    expect(body.reply).toMatch(/^HTTP\/1\.1 408 /);
  });

  it(`closes connections from one address beyond ${DEFAULT_SETTINGS.connectionsPerAddress}`, async () => {
    const perAddress = DEFAULT_SETTINGS.connectionsPerAddress;
    const sockets: Socket[] = [];
    const closed = new Set<Socket>();
    let eightClosed!: () => void;
    const eight = new Promise<void>((resolve) => (eightClosed = resolve));
    for (let i = 0; i < perAddress + 8; i += 1) {
      const socket = connect({ host: "127.0.0.1", port: server.port, localAddress: "127.0.8.1" });
      socket.on("error", () => undefined);
      socket.on("close", () => {
        closed.add(socket);
        if (closed.size === 8) eightClosed();
      });
      sockets.push(socket);
    }
    await eight;
    // Another address is served meanwhile.
    expect((await raw("/", { from: "127.0.8.2" })).status).toBe(200);
    // The server handles a connection's arrival before its first request, so once every open
    // one has answered a request, no further close can be on its way.
    const open = sockets.filter((socket) => !closed.has(socket));
    const statuses = await Promise.all(
      open.map(
        (socket) =>
          new Promise<string>((resolve) => {
            socket.once("data", (chunk: Buffer) => resolve(chunk.toString().slice(0, 12)));
            socket.once("close", () => resolve("closed"));
            socket.write("HEAD / HTTP/1.1\r\nHost: x\r\n\r\n");
          }),
      ),
    );
    expect(statuses).toEqual(Array(perAddress).fill("HTTP/1.1 200"));
    expect(closed.size).toBe(8);
    sockets.forEach((socket) => socket.destroy());
  });

  it("lets a visitor in when many addresses, each under its own limit, hold every connection", async () => {
    // A server of 8 connections, 4 per address: two addresses hold all 8 with requests that never end.
    // (Slow requests are given ten minutes here, so only the server's choice can close one.)
    const small = await startFunctionServer(
      settingsEnv({ connections: 8, connectionsPerAddress: 4, headersTimeoutMs: 600_000, requestTimeoutMs: 600_000 }),
    );
    try {
      const held = ["127.0.8.11", "127.0.8.12"].flatMap((from) =>
        Array.from({ length: 4 }, () => {
          const socket = connect({ host: "127.0.0.1", port: small.port, localAddress: from });
          socket.on("error", () => undefined);
          return socket;
        }),
      );
      // Each has been let in once it answers a request (its first request is served, then it stalls).
      await Promise.all(
        held.map(
          (socket) =>
            new Promise<void>((resolve) => {
              socket.once("data", () => resolve());
              socket.write("HEAD / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n");
            }),
        ),
      );
      const firstClosed = new Promise<Socket>((resolve) =>
        held.forEach((socket) => socket.once("close", () => resolve(socket))),
      );
      const visitor = await new Promise<number>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port: small.port, path: "/", localAddress: "127.0.8.13" }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      });
      expect(visitor).toBe(200);
      // One of theirs made room for it (which one: connection-slots.test.ts).
      expect(held).toContain(await firstClosed);
      held.forEach((socket) => socket.destroy());
    } finally {
      await small.stop();
    }
  });
});
