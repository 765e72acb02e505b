/**
 * The functions as Netlify deploys them (tests/support/netlify-deploy.ts), given or denied what a
 * deploy needs: the editor's GitHub sign-in from its bundle with its settings (and a sentence
 * naming them without), and a deploy without its settings, a preview handed production's
 * database, or a bundle without a deploy context: a sentence, a log line naming the setting,
 * nothing stored. (A booking's whole journey through the bundles: netlify-bundles.test.ts.)
 */
import { parseSetCookie } from "cookie";
import pg from "pg";
import { openStartsOf } from "../support/start-dispenser";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";
import { eventOf, invoke } from "../support/netlify-functions";
import { LINK_SECRET, netlifyDeployForTests } from "../support/netlify-deploy";

const deploy = netlifyDeployForTests();
const { bundle, count } = deploy;
let starts: string[] = [];
beforeAll(async () => {
  starts = await openStartsOf(deploy.front.url, SHORT_JOB);
});

describe("the editor's GitHub sign-in from its bundle", () => {
  it("tells /admin to sign in with GitHub and sends Decap's window to GitHub's consent with a state cookie", async () => {
    const env = {
      ...deploy.production,
      GITHUB_OAUTH_CLIENT_ID: "bundle-client-id",
      GITHUB_OAUTH_CLIENT_SECRET: "bundle-client-secret",
      EDITOR_REPO: "severn-ridge/website",
    };
    const site = new URL(deploy.front.url);
    const config = await invoke(
      bundle("editor-step-js"),
      eventOf("GET", new URL("/api/editor/config", site), {}, null),
      env,
    );
    expect(config.statusCode).toBe(200);
    expect(JSON.parse(config.body)).toMatchObject({ mode: "github", backend: { base_url: site.origin } });
    const auth = await invoke(
      bundle("editor-step-js"),
      eventOf("GET", new URL(`/api/editor/auth?provider=github&site_id=${site.host}&scope=repo`, site), {}, null),
      env,
    );
    expect(auth.statusCode).toBe(302);
    const consent = new URL(auth.headers.location!);
    expect(`${consent.origin}${consent.pathname}`).toBe("https://github.com/login/oauth/authorize");
    expect(consent.searchParams.get("redirect_uri")).toBe(`${site.origin}/api/editor/callback`);
    expect(parseSetCookie(auth.headers["set-cookie"]!)).toMatchObject({
      name: "editor_sign_in",
      httpOnly: true,
      sameSite: "lax",
    });
    // GitHub's answer, twice with that cookie, each in an instance of its own: the first takes the
    // state in production's database (and finds no GitHub on loopback), the second is refused.
    const back = eventOf(
      "GET",
      new URL(`/api/editor/callback?code=bundle-code&state=${consent.searchParams.get("state")}`, site),
      { cookie: auth.headers["set-cookie"]!.split(";")[0]! },
      null,
    );
    const noGitHub = { ...env, GITHUB_ORIGIN: "http://127.0.0.1:1" };
    const first = await invoke(bundle("editor-step-js"), back, noGitHub);
    expect(first.statusCode).toBe(502);
    expect(first.body).toContain("GitHub could not be reached");
    const replayed = await invoke(bundle("editor-step-js"), back, noGitHub);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.body).toContain("This sign-in was used already");
    expect(replayed.headers["set-cookie"]).toMatch(/^editor_sign_in=; .*Max-Age=0/);
    // Without its settings it says which are missing.
    const bare = await invoke(
      bundle("editor-step-js"),
      eventOf("GET", new URL("/api/editor/auth", site), {}, null),
      deploy.production,
    );
    expect(bare.statusCode).toBe(503);
    expect(bare.body).toContain("GITHUB_OAUTH_CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET, EDITOR_REPO");
  });
});

describe("a deploy without what it needs takes nothing", () => {
  const without = (names: string[], extra: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries({ ...deploy.production, ...extra }).filter(([name]) => !names.includes(name)));
  const schedule = (env: Record<string, string>) =>
    invoke(
      bundle("schedule-js"),
      eventOf(
        "POST",
        new URL(`${deploy.production.URL}/api/schedule`),
        { "content-type": "application/json", "x-nf-client-connection-ip": "127.0.0.9" },
        Buffer.from(JSON.stringify(bookingRequest(starts.at(-1)!, SHORT_JOB))),
      ),
      env,
    );

  it("answers 503 in words, with Retry-After, and logs the missing settings by name", async () => {
    const before = await count("requests");
    const answer = await schedule(without(["SMTP_URL", "BOOKING_LINK_SECRET"]));
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["retry-after"]).toBe("30");
    expect(answer.body).toMatch(/^This site cannot take requests right now\. Nothing was sent\. Please call us at/);
    expect(answer.log).toMatch(/SMTP_URL, BOOKING_LINK_SECRET not set for this production deploy/);
    expect(await count("requests")).toBe(before);
  });

  /** A plain client, which migrates and claims nothing (openDatabase would). */
  async function openPostgresReader(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      query: async <T extends pg.QueryResultRow>(sql: string) => (await client.query<T>(sql)).rows,
      close: () => client.end(),
    };
  }

  /** A database on the test server that nothing has opened yet: its name, URL and its tables. */
  async function freshDatabase(name: string) {
    // Not through db: CREATE DATABASE runs outside a transaction, and db's every statement is in one.
    const admin = await openPostgresReader(deploy.postgres.url);
    await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.close());
    const url = new URL(deploy.postgres.url);
    url.pathname = `/${name}`;
    const tables = async () => {
      const reader = await openPostgresReader(url.href);
      try {
        return (
          await reader.query<{ name: string }>(
            "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
          )
        ).map((row) => row.name);
      } finally {
        await reader.close();
      }
    };
    return { url: url.href, tables };
  }

  it("on a deploy preview given only production's DATABASE_URL (scoped to every context), opens nothing and says it is a preview", async () => {
    // Production's database as yet unclaimed: a preview that opened it would migrate and claim it.
    const unclaimed = await freshDatabase("production_not_yet_opened");
    const answer = await schedule({ ...deploy.production, DATABASE_URL: unclaimed.url, CONTEXT: "deploy-preview" });
    expect(answer.statusCode).toBe(503);
    expect(answer.body).toMatch(/^This is a preview of the site: it takes no requests/);
    expect(answer.log).toMatch(/PREVIEW_DATABASE_URL not set for this deploy-preview deploy/);
    expect(await unclaimed.tables()).toEqual([]);
    // The same for a branch deploy, and for production's own database, already claimed.
    const before = await count("requests");
    const branch = await schedule({ ...deploy.production, CONTEXT: "branch-deploy" });
    expect(branch.statusCode).toBe(503);
    expect(branch.log).toMatch(/PREVIEW_DATABASE_URL not set for this branch-deploy deploy/);
    expect(await count("requests")).toBe(before);
  });

  it("books on a deploy preview's own PREVIEW_DATABASE_URL, which it claims as the preview's", async () => {
    const own = await freshDatabase("preview_own");
    const answer = await schedule({ ...deploy.production, PREVIEW_DATABASE_URL: own.url, CONTEXT: "deploy-preview" });
    expect(answer.statusCode).toBe(201);
    const reader = await openPostgresReader(own.url);
    try {
      expect(await reader.query("SELECT deploy_context FROM schema_owner")).toEqual([
        { deploy_context: "deploy-preview" },
      ]);
    } finally {
      await reader.close();
    }
  });

  it("refuses a deploy preview handed production's database as its own before it migrates or writes anything", async () => {
    const before = { requests: await count("requests"), migrations: await count("schema_migrations") };
    const answer = await schedule({
      ...deploy.production,
      PREVIEW_DATABASE_URL: deploy.postgres.url,
      CONTEXT: "deploy-preview",
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.log).toContain("This database belongs to the production deploy, and this is a deploy-preview deploy");
    expect({ requests: await count("requests"), migrations: await count("schema_migrations") }).toEqual(before);
  });

  it("refuses link keys that could be read two ways, naming the setting, and stores nothing", async () => {
    const before = await count("requests");
    const answer = await schedule({ ...deploy.production, BOOKING_LINK_SECRET: `${LINK_SECRET}, ${LINK_SECRET}-next` });
    expect(answer.statusCode).toBe(503);
    expect(answer.log).toMatch(/\[settings\] BOOKING_LINK_SECRET cannot be read: a key holds ","/);
    expect(await count("requests")).toBe(before);
  });

  it("on a bundle built without a deploy context, assumes none: opens nothing and names CONTEXT", async () => {
    const unclaimed = await freshDatabase("context_unknown");
    const answer = await schedule(without(["CONTEXT"], { DATABASE_URL: unclaimed.url }));
    expect(answer.statusCode).toBe(503);
    expect(answer.body).toMatch(/^This site cannot take requests right now\. Nothing was sent\./);
    expect(answer.log).toMatch(/CONTEXT not set for this Netlify deploy: CONTEXT is the deploy context/);
    expect(await unclaimed.tables()).toEqual([]);
  });
});
