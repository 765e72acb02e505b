/**
 * HTML_CodeSniffer, the checker pa11y runs by default, run in a page for WCAG 2 AA. It reads the
 * page as the browser holds it after hydration, so what the scripts add is checked too. The page's
 * context must bypass its Content-Security-Policy: the checker goes in as an inline script.
 */
import type { Page } from "@playwright/test";

/** The checker's bundle, as pa11y injects it. */
const HTMLCS_SCRIPT = require.resolve("html_codesniffer/build/HTMLCS.js");

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
export async function htmlcsErrors(page: Page): Promise<string[]> {
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
