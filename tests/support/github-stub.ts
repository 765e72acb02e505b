/**
 * GitHub on loopback, speaking its real protocol, for the editor's sign-in and Decap's github backend without the
 * internet, reached through GITHUB_ORIGIN (OAuth at /login/oauth, REST at /api/v3, as GitHub Enterprise): the
 * consent of the account `signedInAs` and a code traded once for a token; the user, the repository (push for
 * `writers`) and the git data Decap's editorial workflow uses (github-stub-git.ts). Unknown calls are answered
 * 404 and listed in `unknown`.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { StubRepository, type PullRequest } from "./github-stub-git";

export interface GitHubStub {
  url: string;
  repo: StubRepository;
  clientId: string;
  clientSecret: string;
  /** The account whose consent /login/oauth/authorize shows. */
  signedInAs: string;
  /** Accounts with push access; any other account may read only. */
  writers: Set<string>;
  /** Every code trade asked for, as GitHub received it (no tokens). */
  tokenRequests: Array<{ code: string; redirectUri: string }>;
  unknown: string[];
  stop: () => Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
};

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  if (/json/.test(req.headers["content-type"] ?? "")) return JSON.parse(text) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startGitHubStub({
  owner = "severn-ridge",
  name = "website",
  files,
}: {
  owner?: string;
  name?: string;
  files: Record<string, string | Buffer>;
}): Promise<GitHubStub> {
  const repo = new StubRepository(owner, name, files);
  const codes = new Map<string, { login: string; redirectUri: string }>();
  const tokens = new Map<string, string>();
  const stub: Omit<GitHubStub, "url" | "stop"> = {
    repo,
    clientId: "stub-client-id",
    clientSecret: "stub-client-secret",
    signedInAs: "writer",
    writers: new Set(["writer"]),
    tokenRequests: [],
    unknown: [],
  };

  function consent(url: URL, res: ServerResponse) {
    const redirect = url.searchParams.get("redirect_uri") ?? "";
    const state = url.searchParams.get("state") ?? "";
    if (url.searchParams.get("client_id") !== stub.clientId || !redirect) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("Not Found");
    }
    const code = randomBytes(10).toString("hex");
    codes.set(code, { login: stub.signedInAs, redirectUri: redirect });
    const back = (query: Record<string, string>) =>
      `${redirect}?${new URLSearchParams({ ...query, state }).toString()}`.replace(/&/g, "&amp;");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>Authorize application</title><h1>Authorize the site's editor</h1>
<p>Signed in as ${stub.signedInAs}. The editor asks for: ${url.searchParams.get("scope")}</p>
<a href="${back({ code })}">Authorize</a> <a href="${back({ error: "access_denied", error_description: "The user has denied your application access." })}">Cancel</a>`);
  }

  async function trade(req: IncomingMessage, res: ServerResponse) {
    const body = await bodyOf(req);
    const code = String(body.code ?? "");
    stub.tokenRequests.push({ code, redirectUri: String(body.redirect_uri ?? "") });
    const granted = codes.get(code);
    codes.delete(code);
    if (body.client_id !== stub.clientId || body.client_secret !== stub.clientSecret) {
      return json(res, 200, { error: "incorrect_client_credentials" });
    }
    if (!granted || (body.redirect_uri && body.redirect_uri !== granted.redirectUri)) {
      return json(res, 200, {
        error: "bad_verification_code",
        error_description: "The code passed is incorrect or expired.",
      });
    }
    const token = `gho_${randomBytes(16).toString("hex")}`;
    tokens.set(token, granted.login);
    json(res, 200, { access_token: token, token_type: "bearer", scope: "repo" });
  }

  const user = (login: string) => ({
    login,
    id: login.length,
    name: `${login[0]!.toUpperCase()}${login.slice(1)}`,
    email: `${login}@example.com`,
    avatar_url: "",
  });

  function pullFor(branch: string, sha: string, title: string, login: string): PullRequest {
    const now = new Date().toISOString();
    const pull: PullRequest = {
      number: repo.pulls.length + 1,
      title,
      body: "",
      state: "open",
      head: { ref: branch, sha, label: `${owner}:${branch}`, repo: { fork: false } },
      base: { ref: "main" },
      labels: [],
      user: { login },
      created_at: now,
      updated_at: now,
    };
    repo.pulls.push(pull);
    return pull;
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, login: string) {
    const method = req.method ?? "GET";
    const path = url.pathname.slice("/api/v3".length);
    const params = url.searchParams;
    if (path === "/user") return json(res, 200, user(login));
    const users = /^\/users\/([\w-]+)$/.exec(path);
    if (users) return json(res, 200, user(users[1]!));
    const base = `/repos/${owner}/${name}`;
    if (!path.startsWith(base)) return json(res, 404, { message: "Not Found" });
    const rest = decodeURIComponent(path.slice(base.length));
    const push = stub.writers.has(login);
    if (rest === "") {
      return json(res, 200, {
        full_name: `${owner}/${name}`,
        owner: { login: owner },
        default_branch: "main",
        permissions: { admin: false, push, pull: true },
      });
    }
    if (method !== "GET" && !push) return json(res, 403, { message: "Resource not accessible by integration" });
    let match: RegExpExecArray | null;
    if ((match = /^\/branches\/(.+)$/.exec(rest)) && method === "GET") {
      const commit = repo.resolve(match[1]!)?.commit;
      return commit
        ? json(res, 200, { name: match[1], commit: repo.commitJson(commit) })
        : json(res, 404, { message: "Branch not found" });
    }
    if ((match = /^\/git\/trees\/(.+)$/.exec(rest)) && method === "GET") {
      const tree = repo.listTree(match[1]!, params.has("recursive"));
      return tree ? json(res, 200, tree) : json(res, 404, { message: "Not Found" });
    }
    if ((match = /^\/git\/blobs\/(\w+)$/.exec(rest)) && method === "GET") {
      const blob = repo.blobs.get(match[1]!);
      if (!blob) return json(res, 404, { message: "Not Found" });
      return json(res, 200, { sha: match[1], size: blob.length, encoding: "base64", content: blob.toString("base64") });
    }
    if (rest === "/commits" && method === "GET") {
      const commit = repo.resolve(params.get("sha") ?? "main")?.commit;
      return json(res, 200, commit ? [repo.commitJson(commit)] : []);
    }
    if ((match = /^\/commits\/(\w+)\/status$/.exec(rest))) return json(res, 200, { state: "pending", statuses: [] });
    if ((match = /^\/compare\/(.+)\.\.\.(.+)$/.exec(rest))) {
      const diff = repo.compare(match[1]!, match[2]!);
      return diff ? json(res, 200, diff) : json(res, 404, { message: "Not Found" });
    }
    if (rest === "/pulls" && method === "GET") {
      const state = params.get("state") ?? "open";
      const head = params.get("head");
      return json(
        res,
        200,
        repo.pulls.filter((pull) => (state === "all" || pull.state === state) && (!head || pull.head.label === head)),
      );
    }
    if ((match = /^\/pulls\/(\d+)\/commits$/.exec(rest))) {
      const pull = repo.pulls[Number(match[1]) - 1];
      return pull
        ? json(res, 200, repo.compare("main", pull.head.sha)?.commits ?? [])
        : json(res, 404, { message: "Not Found" });
    }
    if (method === "GET") {
      stub.unknown.push(`${method} ${path}`);
      return json(res, 404, { message: "Not Found" });
    }
    const body = await bodyOf(req);
    if (rest === "/git/blobs") {
      return json(res, 201, {
        sha: repo.putBlob(Buffer.from(String(body.content), body.encoding === "base64" ? "base64" : "utf8")),
      });
    }
    if (rest === "/git/trees") {
      const sha = repo.createTree(
        body.base_tree as string | undefined,
        body.tree as Array<{ path: string; sha: string | null }>,
      );
      return sha ? json(res, 201, { sha, tree: [] }) : json(res, 422, { message: "tree.sha is not a valid blob" });
    }
    if (rest === "/git/commits") {
      const sha = repo.putCommit({
        tree: String(body.tree),
        parents: body.parents as string[],
        message: String(body.message),
      });
      return json(res, 201, repo.commitJson(repo.commits.get(sha)!));
    }
    if (rest === "/git/refs") {
      const ref = String(body.ref).replace(/^refs\/heads\//, "");
      if (repo.branches.has(ref)) return json(res, 422, { message: "Reference already exists" });
      repo.branches.set(ref, String(body.sha));
      return json(res, 201, { ref: body.ref, object: { sha: body.sha, type: "commit" } });
    }
    if ((match = /^\/git\/refs\/heads\/(.+)$/.exec(rest)) && method === "PATCH") {
      repo.branches.set(match[1]!, String(body.sha));
      return json(res, 200, { ref: `refs/heads/${match[1]}`, object: { sha: body.sha, type: "commit" } });
    }
    if (rest === "/pulls" && method === "POST") {
      const branch = String(body.head).replace(`${owner}:`, "");
      const sha = repo.branches.get(branch);
      if (!sha) return json(res, 422, { message: "Validation Failed" });
      return json(res, 201, pullFor(branch, sha, String(body.title), login));
    }
    if ((match = /^\/issues\/(\d+)\/labels$/.exec(rest))) {
      const pull = repo.pulls[Number(match[1]) - 1];
      if (!pull) return json(res, 404, { message: "Not Found" });
      pull.labels = (body.labels as string[]).map((label) => ({ name: label }));
      return json(res, 200, pull.labels);
    }
    stub.unknown.push(`${method} ${path}`);
    json(res, 404, { message: "Not Found" });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    // Decap's browser calls come from the editor's page: GitHub's API answers them with CORS.
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("access-control-allow-headers", "authorization, content-type, if-none-match");
    res.setHeader("access-control-allow-methods", "GET, POST, PUT, PATCH, DELETE");
    if (req.method === "OPTIONS") return void res.writeHead(204).end();
    const handle = async () => {
      if (url.pathname === "/login/oauth/authorize") return consent(url, res);
      if (url.pathname === "/login/oauth/access_token" && req.method === "POST") return trade(req, res);
      if (!url.pathname.startsWith("/api/v3/")) return json(res, 404, { message: "Not Found" });
      const token = /^(?:token|bearer) (\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
      const login = token && tokens.get(token);
      if (!login) return json(res, 401, { message: "Requires authentication" });
      return api(req, res, url, login);
    };
    handle().catch((error: unknown) => json(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    ...stub,
    url: `http://127.0.0.1:${port}`,
    get signedInAs() {
      return stub.signedInAs;
    },
    set signedInAs(login: string) {
      stub.signedInAs = login;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } as GitHubStub;
}
