/**
 * The content editor as a writer uses it: Chromium opens /admin, served with the editor's
 * headers, against decap-server (the local backend of `npm run cms`) over a throwaway copy of
 * the site, never the real content/. A required field left empty is refused with a message;
 * a post written there is saved as content/blog/<slug>/index.mdx and a build of the copy
 * publishes it at /blog/<slug>.
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { parse } from "node-html-parser";
import { CHROMIUM_ARGS, ensureChromium } from "../../scripts/lib/chromium";
import { startEditor } from "../support/editor";
import { copySite, gatsbyBuild } from "../../scripts/lib/site-copy";

const post = {
  slug: "radon-in-finished-basements",
  title: "Radon in Finished Basements",
  description: "Why a finished basement changes how a Maryland radon test is done.",
  date: "2026-12-01",
  author: "Daniel Reyes",
  heading: "What changes in a finished basement",
};
const body = `## ${post.heading}\n\nSee [radon testing](/services/radon) for how we test a finished basement.`;

let site: Awaited<ReturnType<typeof copySite>>;
let editor: Awaited<ReturnType<typeof startEditor>>;
let browser: Browser;
let page: Page;
let postFile: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  site = await copySite();
  postFile = path.join(site.dir, "content", "blog", post.slug, "index.mdx");
  editor = await startEditor(site.dir);
  browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // The machine may be busy: the editor's 5 MB bundle can take a while to start.
  page.setDefaultTimeout(60_000);
  page.on("console", (message) => {
    if (message.type() === "error" && /Content.Security.Policy/i.test(message.text())) pageErrors.push(message.text());
  });
  await page.goto(editor.adminUrl, { timeout: 120_000 });
  await page.getByRole("button", { name: "Login" }).click();
  await page.goto(`${editor.adminUrl}#/collections/posts/new`);
});

afterAll(async () => {
  await browser?.close();
  await editor?.stop();
  await site?.remove();
});

async function publish() {
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

test("a post with an empty required field is refused with a message, and nothing is written", async () => {
  await page.getByLabel("Title", { exact: true }).fill(post.title);
  await page.getByLabel("Description", { exact: true }).fill(post.description);
  await page.getByLabel("Date", { exact: true }).fill(post.date);
  // The body in Markdown, as a writer who knows it types it.
  await page.getByText("Markdown", { exact: true }).locator("xpath=..").getByRole("switch").click();
  await page.locator("[data-slate-editor]").last().click();
  await page.keyboard.insertText(body);

  await publish();
  await page.getByText("Author is required.").waitFor({ state: "visible" });
  await page.getByText(/missed a required field/).waitFor({ state: "visible" });
  expect(existsSync(postFile)).toBe(false);
});

test("the saved post is content/blog/<slug>/index.mdx with the front matter the build reads", async () => {
  await page.getByLabel("Author", { exact: true }).fill(post.author);
  await publish();
  const deadline = Date.now() + 30_000;
  while (!existsSync(postFile) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));

  const { data, content } = matter(readFileSync(postFile, "utf8"));
  expect(data).toEqual({
    title: post.title,
    description: post.description,
    // YAML reads an unquoted YYYY-MM-DD as a date.
    date: new Date(`${post.date}T00:00:00Z`),
    author: post.author,
    draft: false,
  });
  expect(content).toMatch(new RegExp(`^## ${post.heading}$`, "m"));
  expect(content).toContain("[radon testing](/services/radon)");
  expect(pageErrors).toEqual([]);
});

test("a build of the copy publishes the post at /blog/<slug>", async () => {
  const { code, output } = await gatsbyBuild(site.dir);
  expect(output).toContain("Done building");
  expect(code).toBe(0);
  const html = path.join(site.dir, "public", "blog", `${post.slug}.html`);
  const document = parse(readFileSync(html, "utf8"));
  expect(document.querySelector("h1")?.text).toBe(post.title);
  expect(document.querySelectorAll("h2").map((heading) => heading.text)).toContain(post.heading);
  expect(document.querySelector('main a[href="/services/radon"]')?.text).toBe("radon testing");
  expect(readFileSync(path.join(site.dir, "public", "blog.html"), "utf8")).toContain(post.title);
  // A build of the copy takes 1-3 minutes on a quiet machine; a shared one is much slower.
}, 1_200_000);
