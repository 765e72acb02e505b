/**
 * The site's performance budgets, in one place, each with the reason for its number.
 * `npm test` enforces the page-weight budgets (scripts/page-weight.ts); `npm run bench`
 * reports each page against the Lighthouse targets (scripts/lighthouse-bench.ts).
 *
 * Sizes are what a visitor downloads on the first view of a page, compressed with gzip as a CDN
 * sends them to a browser that does not take brotli (brotli is reported too, and is smaller).
 * 1 KB here is 1,000 bytes, as Chrome's network panel and the HTTP Archive count.
 */

export const KB = 1000;

export interface PageWeightBudget {
  /** Most JavaScript, gzip bytes, over every script the first view runs (inline scripts included). */
  jsGzip: number;
  /** Most CSS, gzip bytes: inline <style> and linked style sheets together. */
  cssGzip: number;
  /** Why the numbers are what they are, printed in the report. */
  why: string;
}

export const pageWeightBudgets = {
  /**
   * Content pages (home, services, water packages, blog, about, FAQ, not found) show text, links
   * and small widgets. A bare Gatsby 5 + React 18 page already loads about 66-75 KB gzip (React
   * DOM alone is 45 KB); 85 KB leaves 10-20 KB for the layout, icons and a page's own code, which
   * keeps Lighthouse mobile performance at 0.95 or better on a slow phone. Anything heavier
   * (the drawer's dialog, tooltips) loads on first use, not on first view.
   */
  content: {
    jsGzip: 85 * KB,
    cssGzip: 20 * KB,
    why:
      "JS: a bare Gatsby + React 18 page is 66-75 KB; 85 KB leaves 10-20 KB for layout, icons and the page's " +
      "own code and keeps mobile performance >= 0.95; dialogs and tooltips load on first use. " +
      "CSS: one Tailwind sheet inlined in every page (about 7 KB today); 20 KB leaves room to grow while " +
      "inlining still never delays the first paint.",
  },
  /**
   * /schedule and /contact carry forms: validation, the request client and the toast that reports
   * the result. They are the pages a visitor comes to act on, so they may spend up to 45 KB more
   * than a content page on that code, and no more.
   */
  forms: {
    jsGzip: 130 * KB,
    cssGzip: 20 * KB,
    why:
      "JS: a content page (85 KB) plus up to 45 KB for the form: validation, the request client and the toast. " +
      "CSS: the same single inlined sheet as every page.",
  },
} satisfies Record<string, PageWeightBudget>;

export type BudgetName = keyof typeof pageWeightBudgets;

/** The routes that carry a form and so get the forms budget. */
export const formRoutes: readonly string[] = ["/schedule", "/contact"];

export function budgetNameFor(route: string): BudgetName {
  return formRoutes.includes(route) ? "forms" : "content";
}

/**
 * Lighthouse 12, mobile preset (simulated slow 4G and a 4x slower CPU), median of five runs.
 * `npm run bench` reports every page against these, beside a bare Gatsby page of the same run.
 */
export const lighthouseTargets = {
  /** A marketing site is found and judged on a phone: 0.95 sits well inside Lighthouse's "good" band. */
  performance: 0.95,
  /**
   * Most a page may fall behind the bare Gatsby page of the same run: within Lighthouse's own
   * run-to-run noise on this kind of machine, so a visitor on a phone cannot tell the difference.
   */
  performanceBelowFloor: 0.02,
  /** Milliseconds of LCP above the floor's: the page's text or picture paints about as soon. */
  lcpAboveFloor: 300,
  /** Milliseconds of TBT above the floor's: hydrating the layout and page may cost this much. */
  tbtAboveFloor: 100,
  /** Static pages have no reason to be anything but perfect on these three. */
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  /** No layout shift at all: images carry width and height, the font never swaps, the header is fixed. */
  cls: 0,
};
