/**
 * A post marked `draft: true` stays out of the production build: no page, no sitemap entry,
 * no feed item. (That `gatsby develop` shows it is tested in gatsby/source-content.test.ts.)
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { copySite, gatsbyBuild } from "../../scripts/lib/site-copy";

const draft = `---
title: A Post Still Being Written
description: A draft about sump pumps that is not finished yet.
date: 2026-11-01
author: Daniel Reyes
draft: true
---

Sump pumps keep basements dry. This post is still being written.
`;

let site: Awaited<ReturnType<typeof copySite>>;

beforeAll(async () => {
  site = await copySite();
  await mkdir(path.join(site.dir, "content/blog/sump-pump-notes"), { recursive: true });
  await writeFile(path.join(site.dir, "content/blog/sump-pump-notes/index.mdx"), draft);
});
afterAll(() => site?.remove());

test("the production build leaves the draft out", async () => {
  const { code, output } = await gatsbyBuild(site.dir);
  expect(output).toContain("Done building");
  expect(code).toBe(0);
  const publicDir = path.join(site.dir, "public");
  expect(existsSync(path.join(publicDir, "blog/sump-pump-notes.html"))).toBe(false);
  expect(existsSync(path.join(publicDir, "blog/sump-pump-notes/index.html"))).toBe(false);
  expect(existsSync(path.join(publicDir, "blog/maryland-mold-law.html"))).toBe(true);
  expect(readFileSync(path.join(publicDir, "sitemap-0.xml"), "utf8")).not.toContain("sump-pump-notes");
  expect(readFileSync(path.join(publicDir, "rss.xml"), "utf8")).not.toContain("sump-pump-notes");
});
