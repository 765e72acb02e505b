/**
 * The content editor as a writer uses it: Chromium opens /admin against its backend as `npm run cms` starts it,
 * over a throwaway copy of the site. An empty required field and a wrongly formed phone are refused with the
 * build's message; a post is saved as content/blog/<slug>/index.mdx; a new phone and price change only that
 * value's text; what was saved passes the build's schemas. That the build makes pages of such files is proved by
 * the site's own build in `npm test`, drafts by gatsby/source-content.test.ts, so the copy is not built here.
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { ensureTestBrowser } from "../../scripts/lib/chromium";
import { startEditor } from "../support/editor";
import { copySite } from "../../scripts/lib/site-copy";
import { readRawContentFile } from "../../src/build-time/content-files";
import { unknownPlaceholders } from "../../src/features/agreement/shared/agreement-text";
import {
  agreementFrontmatterSchema,
  areaFrontmatterSchema,
  postFrontmatterSchema,
  yamlSchemas,
} from "../../src/lib/content/content-schema";
import { patterns } from "../../src/lib/content/content-fields";
import { readFrontMatter } from "../../src/lib/content/front-matter";

const post = {
  slug: "radon-in-finished-basements",
  title: "Radon in Finished Basements",
  description: "Why a finished basement changes how a Maryland radon test is done.",
  date: "2026-12-01",
  author: "Daniel Reyes",
  heading: "What changes in a finished basement",
};
const draft = {
  text: `---
title: A Post Still Being Written
description: A draft about sump pumps that is not finished yet.
date: 2026-11-01
author: Daniel Reyes
draft: true
---

Sump pumps keep basements dry. This post is still being written.
`,
};
const body = `## ${post.heading}\n\nSee [radon testing](/services/radon) for how we test a finished basement.`;

/** The owner's changes: the radon test's price (quoted on /services/radon) and the phone number. */
const radon = { label: "Radon test (48-hour continuous monitor)", oldPrice: 175, newPrice: 195 };
const phone = { old: "(410) 555-0142", new: "(443) 555-0199", newTel: "tel:+14435550199", wrongForm: "443-555-0199" };

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
  browser = await chromium.launch(ensureTestBrowser());
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // The machine may be busy: the editor's 5 MB bundle can take a while to start.
  page.setDefaultTimeout(60_000);
  page.on("console", (message) => {
    if (message.type() === "error" && /Content.Security.Policy/i.test(message.text())) pageErrors.push(message.text());
  });
  // Leaving an entry with a refused change asks whether to discard it: the writer does.
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto(editor.adminUrl, { timeout: 120_000 });
  await page.getByRole("button", { name: "Login" }).click();
  await page.goto(`${editor.adminUrl}#/collections/posts/new`);
});

afterAll(async () => {
  await browser?.close();
  await editor?.stop();
  await site?.remove();
});

const contentFile = (name: string) => path.join(site.dir, "content", name);

/** Waits until decap-server has rewritten a file, and returns its new text. */
async function changed(file: string, before: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const text = readFileSync(file, "utf8");
    if (text !== before) return text;
    if (Date.now() > deadline) throw new Error(`${file} was not saved within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Opens one of the YAML files as a writer does, from the collection's list (going from one
 * entry's address straight to another's keeps the first entry's form), and waits for a text
 * its form shows once loaded.
 */
async function openBusinessFile(label: string, shown: string) {
  await page.goto(`${editor.adminUrl}#/collections/business`);
  await page.getByText(label, { exact: true }).click();
  await page.getByText(shown, { exact: true }).first().waitFor({ state: "visible" });
}

async function publish() {
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

/**
 * Publishes and waits for the editor's own "Entry saved". The file on disk is written before the
 * editor hears back; on a busy machine, a test that moved on at the file alone left the editor
 * finishing the save (and, for a new post, moving to its address) under the next test's feet.
 */
async function publishAndWaitUntilSaved() {
  const saved = page.getByText("Entry saved", { exact: true });
  await saved.waitFor({ state: "detached" }); // the previous save's notice, which stays 4 s
  await publish();
  await saved.waitFor({ state: "visible" });
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
  await publishAndWaitUntilSaved();
  // After saving a new post the editor reloads it and moves to its address.
  await page.waitForURL((url) => url.hash.startsWith(`#/collections/posts/entries/${post.slug}`));

  const { data, body: content } = readFrontMatter(readFileSync(postFile, "utf8"));
  expect(data).toEqual({
    title: post.title,
    description: post.description,
    // YAML 1.2, as the build reads it, keeps a YYYY-MM-DD date as its text.
    date: post.date,
    author: post.author,
    draft: false,
  });
  expect(content).toMatch(new RegExp(`^## ${post.heading}$`, "m"));
  expect(content).toContain("[radon testing](/services/radon)");
  expect(pageErrors).toEqual([]);
});

test("a phone number in the wrong form is refused with the build's message, and site.yaml is unchanged", async () => {
  const before = readFileSync(contentFile("site.yaml"), "utf8");
  // The build refuses it too, with the same message.
  const facts = parseYaml(before) as Record<string, unknown>;
  const built = yamlSchemas["site.yaml"].safeParse({ ...facts, phone: phone.wrongForm });
  expect(built.success ? [] : built.error.issues.map((issue) => issue.message)).toEqual([patterns.phone.message]);

  await openBusinessFile("Business facts", "Phone");
  await page.getByLabel("Phone", { exact: true }).fill(phone.wrongForm);
  await publish();
  await page.getByText(patterns.phone.message).waitFor({ state: "visible" });
  expect(readFileSync(contentFile("site.yaml"), "utf8")).toBe(before);
});

test("the refused phone corrected in the same form is saved, changing only the phone in site.yaml", async () => {
  const before = readFileSync(contentFile("site.yaml"), "utf8");
  // The writer selects the refused number and types the right one over it. (Playwright's fill()
  // appended to the refused text here instead of replacing it, so the keys are pressed as a person would.)
  const field = page.getByLabel("Phone", { exact: true });
  expect(await field.inputValue()).toBe(phone.wrongForm);
  await field.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(phone.new);
  expect(await field.inputValue()).toBe(phone.new);
  await publishAndWaitUntilSaved();
  const after = await changed(contentFile("site.yaml"), before);
  const facts = parseYaml(before) as Record<string, unknown>;
  expect(facts.phone).toBe(phone.old);
  expect(parseYaml(after)).toEqual({ ...facts, phone: phone.new });
  // Written as the owner wrote it: only the phone's line differs.
  expect(after).toBe(before.replace(`phone: ${phone.old}\n`, `phone: ${phone.new}\n`));
});

test("a new price saved in the editor changes only that price in pricing.yaml", async () => {
  const before = readFileSync(contentFile("pricing.yaml"), "utf8");
  await openBusinessFile("Prices", radon.label);
  // A folded list entry shows its label; its first button unfolds it (Decap gives it no name).
  const entry = page.locator('[class*="listControlItem"]', { has: page.getByText(radon.label, { exact: true }) });
  await entry.getByRole("button").first().click();
  await entry.getByLabel("Price", { exact: true }).fill(String(radon.newPrice));
  await publishAndWaitUntilSaved();
  const after = await changed(contentFile("pricing.yaml"), before);

  const prices = parseYaml(before) as { addOns: Array<{ label: string; price: number }> };
  const expected = structuredClone(prices);
  const radonTest = expected.addOns.find((addOn) => addOn.label === radon.label)!;
  expect(radonTest.price).toBe(radon.oldPrice);
  radonTest.price = radon.newPrice;
  expect(parseYaml(after)).toEqual(expected);
  // Only that price's text changed: the one-line entries, their spacing and the comments stay.
  expect(after).toBe(
    before.replace(
      `label: ${radon.label}, service: radon, price: ${radon.oldPrice} }`,
      `label: ${radon.label}, service: radon, price: ${radon.newPrice} }`,
    ),
  );
  expect(pageErrors).toEqual([]);
});

test("the agreement saved in the editor keeps its placeholders, and its edited field passes the build's checks", async () => {
  const file = contentFile("agreement.md");
  const before = readFileSync(file, "utf8");
  // From the collection's list, as a writer opens it (see openBusinessFile).
  await page.goto(`${editor.adminUrl}#/collections/agreement`);
  await page.getByText("The agreement clients sign", { exact: true }).click();
  await page.getByText("Signing electronically", { exact: false }).first().waitFor({ state: "visible" });
  const days = page.getByLabel("Report within business days", { exact: true });
  await days.waitFor({ state: "visible" });
  await days.fill("5");
  await publishAndWaitUntilSaved();
  const after = await changed(file, before);
  const saved = readFrontMatter(after);
  const original = readFrontMatter(before);
  expect(agreementFrontmatterSchema.parse(saved.data)).toEqual({
    ...agreementFrontmatterSchema.parse(original.data),
    reportWithinBusinessDays: 5,
  });
  // The body the site fills in is the body written: every placeholder still there, none escaped.
  expect(unknownPlaceholders(saved.body)).toEqual([]);
  expect(saved.body.match(/\{\{\w+\}\}/g)).toEqual(original.body.match(/\{\{\w+\}\}/g));
  expect(pageErrors).toEqual([]);
});

test("what the editor saved passes the build's checks: the post is published, the draft is not, the price and phone hold", () => {
  // The build's own schemas, as gatsby/source-content.ts applies them to each file it sources.
  const saved = postFrontmatterSchema.safeParse(readFrontMatter(readFileSync(postFile, "utf8")).data);
  expect(saved.success && saved.data).toMatchObject({ title: post.title, author: post.author, draft: false });
  // A production build leaves a draft out (gatsby/source-content.test.ts calls the sourcing as Gatsby does).
  const drafted = postFrontmatterSchema.safeParse(readFrontMatter(draft.text).data);
  expect(drafted.success && drafted.data.draft).toBe(true);

  const facts = yamlSchemas["site.yaml"].safeParse(readRawContentFile("site.yaml", path.join(site.dir, "content")));
  expect(facts.success && facts.data.phone).toBe(phone.new);
  const prices = yamlSchemas["pricing.yaml"].safeParse(
    readRawContentFile("pricing.yaml", path.join(site.dir, "content")),
  );
  expect(prices.success && prices.data.addOns.find((addOn) => addOn.label === radon.label)?.price).toBe(radon.newPrice);
});

test("an area page opens in the editor with its facts, and a fact edited there is saved as the build reads it", async () => {
  const file = contentFile("areas/frederick.mdx");
  const before = readFileSync(file, "utf8");
  const original = areaFrontmatterSchema.parse(readFrontMatter(before).data);
  const fact = original.facts[0]!;
  const edited = `${fact.text} (edited)`;
  // From the collection's list, as a writer opens it (see openBusinessFile).
  await page.goto(`${editor.adminUrl}#/collections/areas`);
  await page.getByText("Frederick", { exact: true }).click();
  const county = page.getByLabel("County", { exact: true });
  await county.waitFor({ state: "visible" });
  expect(await county.inputValue()).toBe("Frederick");
  // A folded fact shows its text; its first button unfolds it (see the price above).
  const entry = page.locator('[class*="listControlItem"]', { has: page.getByText(fact.text, { exact: true }) });
  await entry.getByRole("button").first().click();
  await entry.getByLabel("Text", { exact: true }).fill(edited);
  await publishAndWaitUntilSaved();
  const after = await changed(file, before);
  const saved = readFrontMatter(after);
  expect(areaFrontmatterSchema.parse(saved.data)).toEqual({
    ...original,
    facts: [{ ...fact, text: edited }, ...original.facts.slice(1)],
  });
  expect(saved.body).toBe(readFrontMatter(before).body);
  expect(pageErrors).toEqual([]);
});
