/**
 * The tracking check (tests/support/tracking.ts), which built-pages.spec.ts runs on every page,
 * sees a cookie and a request to another origin when a page makes them.
 */
import { expect, test } from "@playwright/test";
import { visitToTheEnd } from "../support/tracking";

test(
  "the check sees a cookie and a request to another origin when a page makes them",
  { tag: "@desktop" },
  async ({ page, baseURL }) => {
    const seen = await visitToTheEnd(page, baseURL!, "/about", async (opened) => {
      await opened.evaluate(() => {
        document.cookie = "tracker=1; path=/";
        const image = new Image();
        image.src = "http://tracker.invalid/pixel.gif";
      });
    });
    expect(seen.cookies).toEqual(["tracker"]);
    expect(seen.documentCookie).toBe("tracker=1");
    expect(seen.foreign).toEqual(["http://tracker.invalid/pixel.gif"]);
  },
);
