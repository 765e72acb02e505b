/**
 * Every page the build made, and an unknown address, opened once as a visitor would and read to the end: it
 * sets no cookie and asks nothing of another origin (tests/support/tracking.ts, as the privacy notice promises),
 * and HTML_CodeSniffer (tests/support/htmlcs.ts) finds no WCAG 2 AA error; axe (pages.spec.ts) disagrees with it
 * at the edges, so both must pass. One width, one visit for both checks: the markup and what a page asks for
 * are the same at every width.
 */
import { expect, test } from "@playwright/test";
import { builtRoutes } from "../support/built-site";
import { htmlcsErrors } from "../support/htmlcs";
import { visitToTheEnd } from "../support/tracking";

const UNKNOWN = "/no-such-page";

// The checker goes in as an inline script, which the site's Content-Security-Policy forbids. With
// the policy set aside, a request to another origin that it would have blocked is made, and seen.
test.use({ bypassCSP: true });

for (const route of [...builtRoutes().map((page) => page.route), UNKNOWN]) {
  test(
    `${route} sets no cookie, asks nothing of another origin, and passes HTML_CodeSniffer`,
    {
      tag: "@desktop",
    },
    async ({ page, baseURL }) => {
      const seen = await visitToTheEnd(page, baseURL!, route);
      expect.soft(seen.cookies, "cookies").toEqual([]);
      expect.soft(seen.documentCookie, "document.cookie").toBe("");
      expect.soft(seen.foreign, "requests to another origin").toEqual([]);
      expect(await htmlcsErrors(page)).toEqual([]);
    },
  );
}
