/**
 * HTML_CodeSniffer (tests/support/htmlcs.ts), which built-pages.spec.ts runs on every page,
 * finds an error when there is one.
 */
import { expect, test } from "@playwright/test";
import { htmlcsErrors } from "../support/htmlcs";
import { openPage } from "../support/page";

// The checker goes in as an inline script, which the site's Content-Security-Policy forbids.
test.use({ bypassCSP: true });

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
