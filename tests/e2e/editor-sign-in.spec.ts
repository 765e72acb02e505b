import { expect, test, type Page } from "@playwright/test";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "../../src/serve/net";
import { startProductionServer } from "../../src/serve/serve";
import { postFrontmatterSchema } from "../../src/lib/content/content-schema";
import { readFrontMatter } from "../../src/lib/content/front-matter";
import { startGitHubStub, type GitHubStub } from "../support/github-stub";
import { newServerDataDir } from "../support/embedded-database";

/**
 * A writer signs in to /admin with GitHub and saves a post, which becomes a pull request. GitHub
 * is the stub on loopback (tests/support/github-stub.ts), holding this site's content/; the site
 * is the built one under the production server, its functions told of the stub by GITHUB_ORIGIN
 * alone, and its address (URL) is where it runs, as Netlify's is in production.
 */
const root = path.resolve(__dirname, "..", "..");
const SHOTS = process.env.EDITOR_SHOTS_DIR;

async function contentFiles(dir = path.join(root, "content")): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(root, file).split(path.sep).join("/")] = await readFile(file);
  }
  return files;
}

let stub: GitHubStub;
let site: { url: string; stop: () => Promise<void> };

test.beforeAll(async () => {
  // The production server starts the site's functions: on a busy machine that takes a while.
  test.setTimeout(120_000);
  stub = await startGitHubStub({ files: await contentFiles() });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  site = await startProductionServer({
    port,
    host: "127.0.0.1",
    siteRoot: root,
    env: {
      ...process.env,
      DATA_DIR: await newServerDataDir("editor-sign-in-"),
      URL: url,
      GITHUB_ORIGIN: stub.url,
      GITHUB_OAUTH_CLIENT_ID: stub.clientId,
      GITHUB_OAUTH_CLIENT_SECRET: stub.clientSecret,
      EDITOR_REPO: `${stub.repo.owner}/${stub.repo.name}`,
      RATE_LIMIT_MAX: "1000",
    },
  });
});
test.afterAll(async () => {
  await site?.stop();
  await stub?.stop();
});

/**
 * What went wrong on the page: failed requests, error answers and console errors. Decap asks
 * GitHub for folders that do not exist yet (the media folder, a new post's folder) and takes
 * GitHub's 404 as "empty"; those answers, and Chromium's console line for each, are all it may see.
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  let expected404s = 0;
  page.on("requestfailed", (request) => errors.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on("response", (response) => {
    if (response.status() < 400) return;
    if (response.status() === 404 && /\/git\/trees\/main:/.test(response.url())) expected404s += 1;
    else errors.push(`${response.status()} ${response.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (/status of 404/.test(message.text()) && expected404s > 0) expected404s -= 1;
    else errors.push(message.text());
  });
  return errors;
}

/** Clicks Login with GitHub and authorizes in the window GitHub's consent opens in. */
async function signIn(page: Page) {
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Login with GitHub" }).click();
  const consent = await popup;
  // Decap closes the window once it has the token.
  const closed = consent.waitForEvent("close");
  await consent.getByRole("link", { name: "Authorize" }).click();
  await closed;
}

test.describe("the editor signs in with GitHub through the site", () => {
  test("the sign-in screen on a phone", { tag: "@phone" }, async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(`${site.url}/admin/`, { timeout: 60_000 });
    await expect(page.getByRole("button", { name: "Login with GitHub" })).toBeVisible({ timeout: 150_000 });
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "editor-sign-in-390.png"), fullPage: true });
  });

  test(
    "a writer signs in, sees the collections and saves a post as a pull request",
    { tag: "@desktop" },
    async ({ page }) => {
      test.setTimeout(300_000);
      page.setDefaultTimeout(60_000);
      const errors = watchErrors(page);
      await page.goto(`${site.url}/admin/`, { timeout: 60_000 });
      await expect(page.getByRole("button", { name: "Login with GitHub" })).toBeVisible({ timeout: 150_000 });
      await signIn(page);
      await expect(page.getByRole("link", { name: "Blog posts" })).toBeVisible();
      // The token lives in the writer's browser only (the server keeps none).
      const user = await page.evaluate(() => window.localStorage.getItem("decap-cms-user"));
      expect(JSON.parse(user!)).toMatchObject({ token: expect.stringMatching(/^gho_/) });
      await expect(page.getByText("Septic Inspections in Maryland").first()).toBeVisible({ timeout: 60_000 });
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "editor-collections-1280.png") });

      await page.goto(`${site.url}/admin/#/collections/posts/new`);
      await page.getByLabel("Title", { exact: true }).fill("Radon in Finished Basements");
      await page
        .getByLabel("Description", { exact: true })
        .fill("Why a finished basement changes how a radon test is done.");
      await page.getByLabel("Date", { exact: true }).fill("2026-12-01");
      await page.getByLabel("Author", { exact: true }).fill("Daniel Reyes");
      await page.getByText("Markdown", { exact: true }).locator("xpath=..").getByRole("switch").click();
      await page.locator("[data-slate-editor]").last().click();
      await page.keyboard.insertText("## What changes\n\nSee [radon testing](/services/radon).");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Entry saved", { exact: true })).toBeVisible();
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "editor-saved-1280.png") });

      // Found by its branch: another test of this file may save through the same stub.
      const pull = stub.repo.pulls.find((each) => each.head.ref === "cms/posts/radon-in-finished-basements/index")!;
      expect(pull).toMatchObject({
        state: "open",
        base: { ref: "main" },
        head: { ref: "cms/posts/radon-in-finished-basements/index" },
        labels: [{ name: "decap-cms/draft" }],
        user: { login: "writer" },
      });
      // The file a writer would commit by hand, which the build reads like every other post.
      const text = stub.repo.fileAt(pull.head.sha, "content/blog/radon-in-finished-basements/index.mdx");
      expect(text).toBe(
        [
          "---",
          "title: Radon in Finished Basements",
          "description: Why a finished basement changes how a radon test is done.",
          "date: 2026-12-01",
          "author: Daniel Reyes",
          "draft: false",
          "---",
          "## What changes",
          "",
          "See [radon testing](/services/radon).",
          "",
        ].join("\n"),
      );
      expect(postFrontmatterSchema.safeParse(readFrontMatter(text!).data).success).toBe(true);
      // Nothing else changed on the branch, and main is as it was.
      expect(stub.repo.compare("main", pull.head.sha)!.files.map((file) => file.filename)).toEqual([
        "content/blog/radon-in-finished-basements/index.mdx",
      ]);
      expect(stub.unknown).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  test(
    "a writer who cancels on GitHub reads why in the editor, and no token is kept",
    { tag: "@desktop" },
    async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto(`${site.url}/admin/`, { timeout: 60_000 });
      const popup = page.waitForEvent("popup");
      await page.getByRole("button", { name: "Login with GitHub" }).click({ timeout: 150_000 });
      const consent = await popup;
      const closed = consent.waitForEvent("close");
      await consent.getByRole("link", { name: "Cancel" }).click();
      await closed;
      await expect(page.getByText("You did not allow the editor to use your GitHub account")).toBeVisible();
      await expect(page.getByRole("button", { name: "Login with GitHub" })).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem("decap-cms-user"))).toBeNull();
    },
  );

  test("a page of another origin that opens the sign-in gets no token", { tag: "@desktop" }, async ({ page }) => {
    // A page elsewhere (here, on the stub's origin) opens the sign-in claiming to be the site.
    await page.goto(`${stub.url}/elsewhere`);
    await page.evaluate(() => {
      (window as unknown as { heard: unknown[] }).heard = [];
      window.addEventListener("message", (event) => (window as unknown as { heard: unknown[] }).heard.push(event.data));
    });
    const popup = page.waitForEvent("popup");
    const host = new URL(site.url).host;
    await page.evaluate(
      (url) => void window.open(url, "sign-in"),
      `${site.url}/api/editor/auth?provider=github&site_id=${host}&scope=repo`,
    );
    const window_ = await popup;
    await window_.getByRole("link", { name: "Authorize" }).click();
    await expect(window_.getByRole("heading", { name: "Signed in" })).toBeVisible();
    // The window addressed its messages to the site's origin only: a message this page sends
    // itself now arrives after anything the window had posted, and nothing came before it.
    const heard = await page.evaluate(
      () =>
        new Promise<unknown[]>((resolve) => {
          window.addEventListener("message", (event) => {
            if (event.data === "marker") resolve((window as unknown as { heard: unknown[] }).heard);
          });
          window.postMessage("marker", "*");
        }),
    );
    expect(heard).toEqual(["marker"]);
  });
});

/** A post whose front matter has quoted values, flow lists and a list of sources. */
const post = { slug: "maryland-mold-law", file: "content/blog/maryland-mold-law/index.mdx" };

/** Opens a post in the editor, signed in, once its form and preview have loaded. */
async function openPost(page: Page) {
  await page.goto(`${site.url}/admin/`, { timeout: 60_000 });
  await expect(page.getByRole("button", { name: "Login with GitHub" })).toBeVisible({ timeout: 150_000 });
  await signIn(page);
  // Signed in once the collections show: an address opened before then lands on the sign-in again.
  await expect(page.getByRole("link", { name: "Blog posts" })).toBeVisible();
  await page.goto(`${site.url}/admin/#/collections/posts/entries/${post.slug}/index`);
  // Loaded once the description shows: the post as on main ("Since July 1, 2025, ..."), or as the
  // draft the edit test below saved, when it ran first on this worker's stand-in GitHub.
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue(/July 1, 2025/, { timeout: 60_000 });
}

test.describe("the editor shows a post as the site does and saves only what changed", () => {
  test("one edited description changes that line of the post only", { tag: "@desktop" }, async ({ page }) => {
    test.setTimeout(300_000);
    page.setDefaultTimeout(60_000);
    const errors = watchErrors(page);
    await openPost(page);
    const description = "What Maryland's mold law asks of landlords since July 1, 2025, and what is still unsettled.";
    await page.getByLabel("Description", { exact: true }).fill(description);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Entry saved", { exact: true })).toBeVisible();

    const pull = stub.repo.pulls.find((each) => each.head.ref === `cms/posts/${post.slug}/index`)!;
    expect(stub.repo.compare("main", pull.head.sha)!.files.map((file) => file.filename)).toEqual([post.file]);
    const before = stub.repo.fileAt("main", post.file)!.split("\n");
    const after = stub.repo.fileAt(pull.head.sha, post.file)!.split("\n");
    // The same lines, but the description's: its quotes, the dates, the flow lists, the sources and
    // the body as the writer wrote them.
    expect(after).toHaveLength(before.length);
    const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line, after[i]]]));
    expect(changed).toEqual([
      [expect.stringMatching(/^description: "Since July 1, 2025/), `description: "${description}"`],
    ]);
    // Opening the post leaves the collection's list while it still asks about its entries: the
    // browser drops those requests (ERR_ABORTED), which is no failure.
    expect(errors.filter((error) => !error.endsWith("net::ERR_ABORTED"))).toEqual([]);
  });

  test(
    "the preview pane is styled by the site's sheet and shows what a reader sees",
    { tag: "@desktop" },
    async ({ page, context }) => {
      test.setTimeout(300_000);
      page.setDefaultTimeout(60_000);
      // The post on the site, for its heading's computed style.
      const sitePage = await context.newPage();
      await sitePage.goto(`${site.url}/blog/${post.slug}/`);
      const siteHeading = sitePage.getByRole("heading", { level: 1 });
      const siteStyle = await siteHeading.evaluate((heading) => {
        const style = getComputedStyle(heading);
        return { fontFamily: style.fontFamily, fontWeight: style.fontWeight, color: style.color };
      });
      const paragraphSpacing = "article .prose-copy > p + p";
      const siteSpacing = await sitePage
        .locator(paragraphSpacing)
        .first()
        .evaluate((paragraph) => getComputedStyle(paragraph).marginTop);
      const siteSheet = await sitePage.locator("style[data-identity='gatsby-global-css']").getAttribute("data-href");
      await sitePage.close();

      await openPost(page);
      const preview = page.frameLocator("#preview-pane");
      const heading = preview.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText("Maryland's Tenant Mold Protection Act: What Landlords Must Do");
      await expect(preview.locator(`link[rel="stylesheet"][href="${siteSheet}"]`)).toHaveCount(1);
      // Styled once the sheet has applied.
      await expect
        .poll(() => heading.evaluate((element) => getComputedStyle(element).fontFamily))
        .toBe(siteStyle.fontFamily);
      expect(
        await heading.evaluate((element) => {
          const style = getComputedStyle(element);
          return { fontFamily: style.fontFamily, fontWeight: style.fontWeight, color: style.color };
        }),
      ).toEqual(siteStyle);
      // The body's paragraphs spaced as the site's copy.
      expect(
        await preview
          .locator(".prose-copy > p + p")
          .first()
          .evaluate((paragraph) => getComputedStyle(paragraph).marginTop),
      ).toBe(siteSpacing);
      // The date as the site writes it, the body's Markdown rendered, the sources by their names.
      await expect(preview.getByText("July 8, 2025", { exact: true })).toBeVisible();
      await expect(preview.getByRole("heading", { level: 2, name: "The law at a glance" })).toBeVisible();
      await expect(preview.getByRole("link", { name: /^Maryland General Assembly, SB 856/ })).toBeVisible();
      // No ids, slugs or addresses dumped in.
      const text = await preview.locator("body").innerText();
      expect(text).not.toMatch(/https?:\/\//);
      expect(text).not.toMatch(/maryland-law|index\.mdx|__sourceText/);
      if (SHOTS) {
        await page.screenshot({ path: path.join(SHOTS, "editor-preview-1280.png") });
        await preview.getByRole("heading", { name: "Sources" }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, "editor-preview-sources-1280.png") });
      }

      // A service page: its header band with the key facts, as on /services/radon.
      await page.goto(`${site.url}/admin/#/collections/services/entries/radon`);
      await expect(heading).toHaveText("Radon Testing");
      await expect(preview.getByText("How long it takes", { exact: true })).toBeVisible();
      expect(await preview.locator("body").innerText()).not.toMatch(/https?:\/\//);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "editor-preview-service-1280.png") });
    },
  );
});
