/**
 * The editor's GitHub sign-in (src/lib/server/editor/github-sign-in.ts), run by the production
 * server from the built site against the GitHub stub on loopback (tests/support/github-stub.ts,
 * reached through GITHUB_ORIGIN alone). Each step is what a browser does: Decap's window opens
 * /api/editor/auth, follows the redirect to GitHub's consent, clicks Authorize (or Cancel) and
 * comes back to /api/editor/callback with the cookie it was given. The site's address (URL)
 * is its production one: the server does not care where it is reached, so loopback stands in.
 */
import { startFunctionServer, type FunctionServer } from "../support/function-server";
import { startGitHubStub, type GitHubStub } from "../support/github-stub";

const SITE = "https://severn-ridge.example";
const PREVIEW = "https://deploy-preview-7--severn-ridge.netlify.app";

let stub: GitHubStub;
let server: FunctionServer;

beforeAll(async () => {
  stub = await startGitHubStub({ files: { "content/site.yaml": "name: Severn Ridge\n" } });
  server = await startFunctionServer({
    GITHUB_ORIGIN: stub.url,
    GITHUB_OAUTH_CLIENT_ID: stub.clientId,
    GITHUB_OAUTH_CLIENT_SECRET: stub.clientSecret,
    EDITOR_REPO: "severn-ridge/website",
    URL: SITE,
    SITE_NAME: "severn-ridge",
    RATE_LIMIT_MAX: "1000",
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await stub?.stop();
});
beforeEach(() => {
  stub.signedInAs = "writer";
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

/** Decap's window opening the sign-in from the page at `host`: the cookie it is given and GitHub's consent address. */
async function begin(host: string) {
  const started = await get(`/api/editor/auth?provider=github&site_id=${host}&scope=repo`);
  expect(started.status).toBe(302);
  const setCookie = started.headers.get("set-cookie")!;
  return { consent: new URL(started.headers.get("location")!), setCookie, cookie: setCookie.split(";")[0]! };
}

/** The consent page's link named `label`, as GitHub sends the window back. */
async function choose(consent: URL, label: "Authorize" | "Cancel"): Promise<URL> {
  const page = await (await fetch(consent)).text();
  const href = new RegExp(`<a href="([^"]+)">${label}</a>`).exec(page)![1]!.replace(/&amp;/g, "&");
  return new URL(href);
}

/** The callback as the window reaches it (GitHub's redirect names the site; the server is here). */
const callback = (back: URL, cookie?: string) => get(`/api/editor/callback${back.search}`, cookie);

/** The hand-over the callback page carries for its script (src/cms/sign-in.js). */
const handOver = (html: string) =>
  JSON.parse(/<script type="application\/json" id="sign-in">(.*?)<\/script>/s.exec(html)![1]!) as {
    origin: string;
    token?: string;
    message?: string;
  } | null;

describe("the editor's GitHub sign-in", () => {
  it("tells /admin to sign in through this site, with the stub's API as GitHub's", async () => {
    const answer = await get("/api/editor/config");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      mode: "github",
      backend: {
        name: "github",
        repo: "severn-ridge/website",
        branch: "main",
        api_root: `${stub.url}/api/v3`,
        base_url: SITE,
        auth_endpoint: "api/editor/auth",
        squash_merges: true,
      },
    });
  });

  it("signs in a writer with push access and hands the token only to the page that asked", async () => {
    const { consent, setCookie, cookie } = await begin("severn-ridge.example");
    expect(`${consent.origin}${consent.pathname}`).toBe(`${stub.url}/login/oauth/authorize`);
    expect(consent.searchParams.get("client_id")).toBe(stub.clientId);
    expect(consent.searchParams.get("redirect_uri")).toBe(`${SITE}/api/editor/callback`);
    expect(consent.searchParams.get("scope")).toBe("repo");
    const state = consent.searchParams.get("state")!;
    expect(state).toMatch(/^[\w-]{43}$/);
    expect(setCookie).toMatch(
      /^editor_sign_in=[^;]+; Path=\/api\/editor; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/,
    );

    const back = await choose(consent, "Authorize");
    const answer = await callback(back, cookie);
    const html = await answer.text();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("set-cookie")).toMatch(/^editor_sign_in=; .*Max-Age=0/);
    expect(html).toContain("Signed in");
    const given = handOver(html)!;
    expect(given.origin).toBe(SITE);
    // The token is GitHub's: it works there.
    const me = await fetch(`${stub.url}/api/v3/user`, { headers: { authorization: `token ${given.token}` } });
    expect((await me.json()).login).toBe("writer");
    expect(server.logs()).not.toContain(given.token);

    // The code was spent: the same callback again gets nothing.
    const again = await callback(back, cookie);
    expect(again.status).toBe(403);
    expect(handOver(await again.text())).toEqual({ provider: "github", origin: SITE, message: expect.any(String) });
  });

  it("serves a deploy preview's editor, handing the token to the preview", async () => {
    const { consent, cookie } = await begin("deploy-preview-7--severn-ridge.netlify.app");
    const answer = await callback(await choose(consent, "Authorize"), cookie);
    expect(answer.status).toBe(200);
    expect(handOver(await answer.text())).toMatchObject({ origin: PREVIEW, token: expect.stringMatching(/^gho_/) });
  });

  it("refuses a sign-in asked for by another site, before GitHub is asked", async () => {
    for (const host of ["evil.example", "deploy-preview-7--someone-else.netlify.app", "severn-ridge.example%2F@evil"]) {
      const answer = await get(`/api/editor/auth?provider=github&site_id=${host}&scope=repo`);
      expect(answer.status).toBe(403);
      expect(answer.headers.get("set-cookie")).toBeNull();
      expect(answer.headers.get("location")).toBeNull();
      expect(await answer.text()).toMatch(/which is not this site's editor/);
    }
  });

  it("refuses a forged state or one from another browser: a readable page, no token, the code never traded", async () => {
    const { consent, cookie } = await begin("severn-ridge.example");
    const back = await choose(consent, "Authorize");
    const trades = stub.tokenRequests.length;
    const forged = new URL(back);
    forged.searchParams.set("state", "forged-state-forged-state-forged-state-00000");
    for (const attempt of [
      callback(forged, cookie),
      callback(back),
      callback(back, "editor_sign_in=other%20https%3A%2F%2Fsevern-ridge.example"),
    ]) {
      const answer = await attempt;
      const html = await answer.text();
      expect(answer.status).toBe(403);
      expect(html).toContain("This sign-in did not start in this browser");
      expect(html).not.toMatch(/"token"/);
    }
    expect(stub.tokenRequests.length).toBe(trades);
  });

  it("says so when the writer cancels on GitHub, and hands no token", async () => {
    const { consent, cookie } = await begin("severn-ridge.example");
    const trades = stub.tokenRequests.length;
    const answer = await callback(await choose(consent, "Cancel"), cookie);
    const html = await answer.text();
    expect(answer.status).toBe(403);
    expect(html).toContain("You did not allow the editor to use your GitHub account");
    expect(handOver(html)).toEqual({
      provider: "github",
      origin: SITE,
      message: expect.stringContaining("did not allow"),
    });
    expect(stub.tokenRequests.length).toBe(trades);
  });

  it("refuses an account without push access, saying who to ask", async () => {
    stub.signedInAs = "reader";
    const { consent, cookie } = await begin("severn-ridge.example");
    const answer = await callback(await choose(consent, "Authorize"), cookie);
    const html = await answer.text();
    expect(answer.status).toBe(403);
    expect(html).toContain("Your GitHub account @reader cannot change severn-ridge/website");
    expect(html).toContain("invite you to the repository with write access");
    expect(html).not.toMatch(/"token"/);
  });
});
