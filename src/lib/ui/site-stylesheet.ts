/**
 * The site's whole style sheet in the browser. Each page inlines only its own rules (critical-css.ts) and
 * preloads the whole sheet once painted; this module applies it with a <link rel="stylesheet"> from the app
 * bundle, so what JavaScript renders later has its rules. React waits for it at most
 * HYDRATION_WAITS_FOR_SHEET_MS, a failed sheet is retried, and until it applies another page loads whole. In
 * `gatsby develop` webpack injects all CSS and there is no inline style to replace.
 */
import { normalizePath } from "./nav-state";

/** The most React waits for the site's sheet before it hydrates anyway (gatsby-browser.tsx, onClientEntry). */
export const HYDRATION_WAITS_FOR_SHEET_MS = 1_500;

/** After a failed request for the sheet, the next one waits this long: four more tries over about 20 s. */
export const SHEET_RETRY_AFTER_MS: readonly number[] = [250, 1_000, 4_000, 15_000];

/**
 * The selector of Gatsby's inline style, whose data-href names the whole sheet. Webpack takes that style for the
 * sheet, so it never requests the sheet itself.
 */
export const CRITICAL_STYLE = "style[data-identity='gatsby-global-css']";

let applied = false;

/** Whether the whole sheet is applied (or there is none to wait for). */
export function siteSheetApplied(): boolean {
  return applied;
}

/**
 * Starts applying the whole sheet. Resolves once it applies, or after HYDRATION_WAITS_FOR_SHEET_MS,
 * whichever comes first; it never rejects. Retries go on after it resolves.
 */
export function applySiteSheet(doc: Document = document): Promise<void> {
  const href = doc.querySelector<HTMLStyleElement>(CRITICAL_STYLE)?.dataset.href;
  if (!href) {
    applied = true;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const bound = setTimeout(resolve, HYDRATION_WAITS_FOR_SHEET_MS);
    request(doc, href, 0, () => {
      clearTimeout(bound);
      resolve();
    });
  });
}

function request(doc: Document, href: string, failures: number, onApplied: () => void): void {
  const link = doc.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.addEventListener("load", () => {
    applied = true;
    onApplied();
  });
  link.addEventListener("error", () => {
    link.remove();
    const delay = SHEET_RETRY_AFTER_MS[failures];
    if (delay !== undefined) setTimeout(() => request(doc, href, failures + 1, onApplied), delay);
  });
  doc.head.appendChild(link);
}

/**
 * Whether going from `fromPathname` to `toPathname` must load the page whole: another page, while
 * the whole sheet is not applied, would be rendered with only the rules of the page first loaded.
 */
export function mustLoadWhole(toPathname: string, fromPathname: string): boolean {
  return !applied && normalizePath(toPathname) !== normalizePath(fromPathname);
}
