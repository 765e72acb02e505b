/**
 * HTML_CodeSniffer, the checker pa11y runs by default, on every page the build made and on the
 * not-found page, for WCAG 2 AA (issue 50). It reads the page as the browser holds it after
 * hydration, so what the scripts add is checked too. axe (pages.spec.ts) checks the same pages;
 * the two disagree at the edges (an autocomplete token, a role on an input), so both must pass.
 *
 * One width: the pages' markup is the same at every width (only the stylesheet changes), and
 * HTML_CodeSniffer reads the markup.
 */
import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { builtPages } from "../../src/build/built-pages";
import { openPage } from "../support/page";

/** The checker's bundle, as pa11y injects it. */
const HTMLCS_SCRIPT = require.resolve("html_codesniffer/build/HTMLCS.js");
const UNKNOWN = "/this-page-does-not-exist";

/** Every page in public/: the specification's routes and the private ones (booking, desk...). */
const routes = [...builtPages(path.join(__dirname, "..", "..", "public")).map((page) => page.route), UNKNOWN];

// The checker goes in as an inline script, which the site's Content-Security-Policy forbids.
test.use({ bypassCSP: true });

interface HtmlcsMessage {
  type: number;
  code: string;
  msg: string;
  element: Element;
}
declare global {
  interface Window {
    translation: Record<string, Record<string, string>>;
    HTMLCS: {
      process(standard: string, content: Document, callback: () => void, failCallback: () => void): void;
      getMessages(): HtmlcsMessage[];
    };
  }
}

/** The checker's errors (type 1; warnings and notices ask a person to look), one readable line each. */
async function htmlcsErrors(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: HTMLCS_SCRIPT });
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        // HTML_CodeSniffer 2.5.1 reports a wrong autocomplete token under "InvalidAutoComplete_..."
        // but its translations spell it "InvalidAutocomplete_...": the message is not found and the
        // whole run throws. Both spellings, so such an error is reported like any other.
        for (const messages of Object.values(window.translation)) {
          for (const [key, text] of Object.entries(messages)) {
            if (key.includes("InvalidAutocomplete_")) messages[key.replace("Autocomplete", "AutoComplete")] ??= text;
          }
        }
        window.HTMLCS.process(
          "WCAG2AA",
          document,
          () => {
            const errors = window.HTMLCS.getMessages().filter((message) => message.type === 1);
            resolve(errors.map(({ code, msg, element }) => `${code}: ${msg} (${element.outerHTML.slice(0, 160)})`));
          },
          () => reject(new Error("HTML_CodeSniffer could not run")),
        );
      }),
  );
}

for (const route of routes) {
  test(`${route} passes HTML_CodeSniffer, WCAG 2 AA`, { tag: "@desktop" }, async ({ page }) => {
    await openPage(page, route);
    expect(await htmlcsErrors(page)).toEqual([]);
  });
}

test("the check finds an error when there is one", { tag: "@desktop" }, async ({ page }) => {
  await openPage(page, "/contact");
  // A field no label names, asking for a name in an e-mail field (a name is for text fields).
  await page.locator("main").evaluate((main) => {
    main.insertAdjacentHTML("afterbegin", '<input type="email" autocomplete="name">');
  });
  const errors = await htmlcsErrors(page);
  expect(errors).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^WCAG2AA\.Principle1\.Guideline1_3\.1_3_5\./),
      expect.stringMatching(/^WCAG2AA\.Principle4\.Guideline4_1\.4_1_2\./),
    ]),
  );
});
