/**
 * @jest-environment node
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { apiRequest, getQueryFn } from "./api-request";
import { createQueryClient } from "../ui/query-client";

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

/** A real HTTP server on loopback whose answer each test sets, recording what it receives. */
let server: Server;
let base: string;
let seen: Seen[] = [];
let reply: { status: number; body: string; statusText?: string } = { status: 200, body: "{}" };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      contentType: req.headers["content-type"],
      body: await readBody(req),
    });
    res.writeHead(reply.status, reply.statusText, { "content-type": "application/json" });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  reply = { status: 200, body: "{}" };
  jest.restoreAllMocks();
});

function queryContext(queryKey: string[]) {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as never;
}

describe("apiRequest", () => {
  it("sends a JSON body with the JSON content type", async () => {
    reply = { status: 201, body: '{"reference":"R-1"}' };
    const res = await apiRequest("POST", `${base}/api/schedule`, { name: "Ann" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ reference: "R-1" });
    expect(seen).toEqual([
      { method: "POST", url: "/api/schedule", contentType: "application/json", body: '{"name":"Ann"}' },
    ]);
  });

  it("sets no content type when there is no body", async () => {
    await apiRequest("DELETE", `${base}/api/thing`);
    expect(seen[0]).toMatchObject({ method: "DELETE", contentType: undefined, body: "" });
  });

  it("always includes credentials", async () => {
    const fetchSpy = jest.spyOn(globalThis, "fetch");
    await apiRequest("GET", `${base}/api/a`);
    await apiRequest("POST", `${base}/api/b`, {});
    expect(fetchSpy.mock.calls.map(([, init]) => init?.credentials)).toEqual(["include", "include"]);
  });

  it('turns a failure into "<status>: <body>"', async () => {
    reply = { status: 503, body: "The request could not be stored" };
    await expect(apiRequest("POST", `${base}/api/schedule`, {})).rejects.toThrow(
      "503: The request could not be stored",
    );
  });

  it('uses the status text when the body is empty: "<status>: <status text>"', async () => {
    reply = { status: 404, body: "", statusText: "Not Found" };
    await expect(apiRequest("GET", `${base}/api/missing`)).rejects.toThrow("404: Not Found");
  });
});

describe("getQueryFn", () => {
  it("GETs the query key joined with '/' and parses the JSON, with credentials", async () => {
    const fetchSpy = jest.spyOn(globalThis, "fetch");
    reply = { status: 200, body: '{"ok":true}' };
    const data = await getQueryFn({ on401: "throw" })(queryContext([base, "api", "status"]));
    expect(data).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ method: "GET", url: "/api/status" });
    expect(fetchSpy.mock.calls[0]?.[1]).toEqual({ credentials: "include" });
  });

  it("raises the error on a 401 in the default mode", async () => {
    reply = { status: 401, body: "Sign in first" };
    await expect(getQueryFn({ on401: "throw" })(queryContext([base, "api", "me"]))).rejects.toThrow(
      "401: Sign in first",
    );
  });

  it("returns null on a 401 in the returnNull mode, and still raises other failures", async () => {
    reply = { status: 401, body: "Sign in first" };
    await expect(getQueryFn({ on401: "returnNull" })(queryContext([base, "api", "me"]))).resolves.toBeNull();
    reply = { status: 500, body: "Broken" };
    await expect(getQueryFn({ on401: "returnNull" })(queryContext([base, "api", "me"]))).rejects.toThrow("500: Broken");
  });
});

describe("the query client", () => {
  it("is configured with the specification's constants and raises a 401", async () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions()).toMatchObject({
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        gcTime: 300_000,
        retry: false,
      },
      mutations: { retry: false },
    });
    reply = { status: 401, body: "Sign in first" };
    await expect(client.fetchQuery({ queryKey: [base, "api", "me"] })).rejects.toThrow("401: Sign in first");
    expect(seen).toHaveLength(1);
    client.clear(); // drops the 5-minute garbage-collection timer
  });
});
