/**
 * The editor's GitHub sign-in (github-sign-in.ts), run by the production server against the GitHub stub
 * (tests/support/github-stub.ts, reached through GITHUB_ORIGIN), each step as a browser does it: /api/editor/auth,
 * GitHub's consent (Authorize or Cancel), then /api/editor/callback with the cookie. Three deploys with their own
 * databases: `server` as Netlify sets it up, `previews` whose owner lists deploy preview 7 in EDITOR_PREVIEWS,
 * and `offline`, whose database cannot be reached.
 */
import { parseSetCookie } from "cookie";
import { startFunctionServer, freePort, type FunctionServer } from "../support/function-server";
import { startGitHubStub, type GitHubStub } from "../support/github-stub";

const SITE = "https://severn-ridge.example";
const PREVIEW = "https://deploy-preview-7--severn-ridge.netlify.app";
const COOKIE_CLEARED = /^editor_sign_in=;.*\bMax-Age=0\b/;

let stub: GitHubStub;
let server: FunctionServer;
let previews: FunctionServer;
let offline: FunctionServer;
let settings: Record<string, string>;

beforeAll(async () => {
  stub = await startGitHubStub({ files: { "content/site.yaml": "name: Severn Ridge\n" } });
  settings = {
    GITHUB_ORIGIN: stub.url,
    GITHUB_OAUTH_CLIENT_ID: stub.clientId,
    GITHUB_OAUTH_CLIENT_SECRET: stub.clientSecret,
    EDITOR_REPO: "severn-ridge/website",
    URL: SITE,
    SITE_NAME: "severn-ridge",
    RATE_LIMIT_MAX: "1000",
  };
  // Nothing listens on this port: every connection to the database is refused.
  const nowhere = `postgres://site@127.0.0.1:${await freePort()}/site`;
  // One after another: each is stopped after the tests even when a later one fails to start.
  server = await startFunctionServer(settings);
  previews = await startFunctionServer({ ...settings, EDITOR_PREVIEWS: "7" });
  offline = await startFunctionServer({ ...settings, DATABASE_URL: nowhere });
}, 240_000);
afterAll(async () => {
  await Promise.all([server?.stop(), previews?.stop(), offline?.stop()]);
  await stub?.stop();
});
beforeEach(() => {
  stub.signedInAs = "writer";
});

const get = (path: string, cookie?: string, site = server) =>
  fetch(`${site.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

const auth = (host: string, site = server) =>
  get(`/api/editor/auth?provider=github&site_id=${host}&scope=repo`, undefined, site);

/** Decap's window opening the sign-in from the page at `host`: the cookie it is given and GitHub's consent address. */
async function begin(host: string, site = server) {
  const started = await auth(host, site);
  expect(started.status).toBe(302);
  const setCookie = started.headers.get("set-cookie")!;
  return { consent: new URL(started.headers.get("location")!), setCookie, cookie: setCookie.split(";")[0]! };
}

/** The consent page's link named `label`, as GitHub sends the window back (each visit holds a new code). */
async function choose(consent: URL, label: "Authorize" | "Cancel"): Promise<URL> {
  const page = await (await fetch(consent)).text();
  const href = new RegExp(`<a href="([^"]+)">${label}</a>`).exec(page)![1]!.replace(/&amp;/g, "&");
  return new URL(href);
}

/** The callback as the window reaches it (GitHub's redirect names the site; the server is here). */
const callback = (back: URL, cookie?: string, site = server) => get(`/api/editor/callback${back.search}`, cookie, site);

/** A cookie as the auth step sets it: the state and the origin that asked. */
const cookieOf = (state: string, origin: string) => `editor_sign_in=${encodeURIComponent(`${state} ${origin}`)}`;

/** The hand-over the callback page carries for its script (src/features/editor/admin/sign-in.js). */
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
    // When it was made, then 32 random bytes.
    expect(state).toMatch(/^\d{10}\.[\w-]{43}$/);
    expect(parseSetCookie(setCookie)).toEqual({
      name: "editor_sign_in",
      value: `${state} ${SITE}`,
      path: "/api/editor",
      maxAge: 600,
      httpOnly: true,
      sameSite: "lax",
      secure: true,
    });

    const back = await choose(consent, "Authorize");
    const answer = await callback(back, cookie);
    const html = await answer.text();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("set-cookie")).toMatch(COOKIE_CLEARED);
    expect(html).toContain("Signed in");
    const given = handOver(html)!;
    expect(given.origin).toBe(SITE);
    // The token is GitHub's: it works there.
    const me = await fetch(`${stub.url}/api/v3/user`, { headers: { authorization: `token ${given.token}` } });
    expect((await me.json()).login).toBe("writer");
    expect(server.logs()).not.toContain(given.token);

    // The state was taken: the same callback again gets nothing, and the code is not traded again.
    const trades = stub.tokenRequests.length;
    const again = await callback(back, cookie);
    expect(again.status).toBe(403);
    expect(again.headers.get("set-cookie")).toMatch(COOKIE_CLEARED);
    expect(handOver(await again.text())).toEqual({ provider: "github", origin: SITE, message: expect.any(String) });
    expect(stub.tokenRequests.length).toBe(trades);
  });

  it("takes a state once: replayed with its cookie and a fresh code from GitHub, it gets no token", async () => {
    const { consent, cookie } = await begin("severn-ridge.example");
    // GitHub's consent for the same state, visited twice, gives two codes that each still work.
    const first = await choose(consent, "Authorize");
    const second = await choose(consent, "Authorize");
    expect((await callback(first, cookie)).status).toBe(200);
    const trades = stub.tokenRequests.length;
    const replayed = await callback(second, cookie);
    const html = await replayed.text();
    expect(replayed.status).toBe(403);
    expect(replayed.headers.get("set-cookie")).toMatch(COOKIE_CLEARED);
    expect(html).toContain("This sign-in was used already");
    expect(html).not.toMatch(/"token"|gho_/);
    expect(stub.tokenRequests.length).toBe(trades);
  });

  it("refuses a deploy preview the owner has not listed, before GitHub is asked", async () => {
    // SITE_NAME alone (Netlify sets it in every deploy) lets no preview sign in.
    const answer = await auth("deploy-preview-7--severn-ridge.netlify.app");
    expect(answer.status).toBe(403);
    expect(answer.headers.get("location")).toBeNull();
    expect(answer.headers.get("set-cookie")).toBeNull();
    const text = await answer.text();
    expect(text).toContain(`This sign-in was asked for by ${PREVIEW}, which is not this site's editor.`);
    expect(text).toContain("EDITOR_PREVIEWS");
  });

  it("serves a deploy preview the owner lists by number in EDITOR_PREVIEWS, and no other preview", async () => {
    const { consent, cookie } = await begin("deploy-preview-7--severn-ridge.netlify.app", previews);
    const answer = await callback(await choose(consent, "Authorize"), cookie, previews);
    expect(answer.status).toBe(200);
    expect(handOver(await answer.text())).toMatchObject({ origin: PREVIEW, token: expect.stringMatching(/^gho_/) });
    for (const host of [
      "deploy-preview-8--severn-ridge.netlify.app",
      "deploy-preview-77--severn-ridge.netlify.app",
      "deploy-preview-7--severn-ridge-evil.netlify.app",
    ]) {
      const refused = await auth(host, previews);
      expect(refused.status).toBe(403);
      expect(refused.headers.get("location")).toBeNull();
      expect(await refused.text()).toMatch(/which is not this site's editor/);
    }
  });

  it("hands no token to an origin no longer allowed when GitHub sends the window back", async () => {
    // Started while preview 7 was listed; the callback runs on a deploy that no longer lists it.
    const { consent, cookie } = await begin("deploy-preview-7--severn-ridge.netlify.app", previews);
    const back = await choose(consent, "Authorize");
    // A cookie forged to name another origin, with a state this site made, is refused alike.
    const own = await begin("severn-ridge.example");
    const ownBack = await choose(own.consent, "Authorize");
    const forged = cookieOf(ownBack.searchParams.get("state")!, "https://evil.example");
    const trades = stub.tokenRequests.length;
    for (const [answer, origin] of [
      [await callback(back, cookie), PREVIEW],
      [await callback(ownBack, forged), "https://evil.example"],
    ] as const) {
      const html = await answer.text();
      expect(answer.status).toBe(403);
      expect(answer.headers.get("set-cookie")).toMatch(COOKIE_CLEARED);
      expect(html).toContain(`This sign-in was started by ${origin}, which may no longer use this site's editor`);
      // Nobody is told anything, and the code is never traded.
      expect(handOver(html)).toBeNull();
      expect(html).not.toMatch(/gho_/);
    }
    expect(stub.tokenRequests.length).toBe(trades);
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
      expect(answer.headers.get("set-cookie")).toMatch(COOKIE_CLEARED);
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

  it("refuses a state older than its ten minutes, whatever its cookie says", async () => {
    const { consent } = await begin("severn-ridge.example");
    const back = await choose(consent, "Authorize");
    // The state names when it was made; this one says eleven minutes ago, and its cookie agrees.
    const [made, random] = back.searchParams.get("state")!.split(".");
    const stale = `${Number(made) - 660}.${random}`;
    back.searchParams.set("state", stale);
    const trades = stub.tokenRequests.length;
    const answer = await callback(back, cookieOf(stale, SITE));
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain("or it took more than ten minutes");
    expect(stub.tokenRequests.length).toBe(trades);
  });

  it("without its database, refuses the sign-in with a page that says why, the code never traded", async () => {
    const { consent, cookie } = await begin("severn-ridge.example", offline);
    const back = await choose(consent, "Authorize");
    const trades = stub.tokenRequests.length;
    const answer = await callback(back, cookie, offline);
    const html = await answer.text();
    expect(answer.status).toBe(503);
    expect(answer.headers.get("set-cookie")).toMatch(COOKIE_CLEARED);
    expect(html).toContain("Not signed in");
    expect(html).toContain("the site's database, which makes sure each sign-in is used once, cannot be reached");
    expect(handOver(html)).toEqual({ provider: "github", origin: SITE, message: expect.stringContaining("database") });
    expect(stub.tokenRequests.length).toBe(trades);
  });

  it("remembers the states it took in the database: a restarted server refuses them too", async () => {
    const { consent, cookie } = await begin("severn-ridge.example", previews);
    const first = await choose(consent, "Authorize");
    const second = await choose(consent, "Authorize");
    expect((await callback(first, cookie, previews)).status).toBe(200);
    await previews.stop();
    previews = await startFunctionServer({ ...settings, EDITOR_PREVIEWS: "7" }, previews.dataDir);
    const replayed = await callback(second, cookie, previews);
    expect(replayed.status).toBe(403);
    expect(await replayed.text()).toContain("This sign-in was used already");
  }, 120_000);
});
