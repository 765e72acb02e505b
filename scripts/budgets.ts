/**
 * The site's performance budgets, in one place, each with the reason for its number. `npm test` enforces the
 * page-weight budgets (scripts/check-page-weight.ts); `npm run bench` reports against the Lighthouse targets.
 * Sizes are a page's first view, gzip as a CDN sends it to a browser without brotli (brotli is reported too).
 */
import { formRoutes } from "../src/lib/paths";

// 1 KB is 1,000 bytes, as Chrome's network panel and the HTTP Archive count.
export const KB = 1000;

/**
 * Most gzip bytes of a page's HTML, its inlined critical CSS and inline scripts included. A new
 * connection's first round trip carries about 14.6 KB (10 packets of 1,460 bytes), response
 * headers included; HTML over that waits a whole extra round trip (150 ms in Lighthouse's mobile
 * preset) before the first paint. Lighthouse measured every page's LCP 0.32-0.55 s behind a bare
 * Gatsby page while the pages were 14.0-18.7 KB (issue #27). 14.0 KB leaves 0.6 KB for headers:
 * HTTP/2 compresses them, but src/serve/serve.ts sends about 1.0 KB over HTTP/1.1 (the page's CSP is
 * most of it), so locally only pages under about 13.6 KB arrive in one round trip.
 */
export const FIRST_FLIGHT_HTML_GZIP = 14 * KB;

/**
 * Pages whose own text and markup, with no more CSS than they use, are over one round trip.
 * Each may not grow past its figure (about 1% over its size today) until its content is split
 * or cut; the reason names what makes it heavy.
 */
export const overOneRoundTrip: Record<string, { htmlGzip: number; why: string }> = {
  "/services/well-inspection": {
    htmlGzip: 14_110,
    why: "the well rules, the Private Well Safety Act and the FAQ: 13,957 B until the link to /areas in the footer and on each service page, and the article layout in a chunk shared by the services and posts since the area pages' template (14,066 B, 2026-12-07), to be won back",
  },
  "/services/water-quality": {
    htmlGzip: 18_290,
    why: "the package comparison table (21 rows by 8 packages, 2.9 KB gzip), the FAQ and sources: 13.7 KB gzip with no CSS at all; the comparison's headings held in place so a phone can read it (216 B); 18,095 B with the header's search link, its icons without xmlns and focusable, and one template for the blog's and topics' pages (2026-11-26); 18,246 B with the link to /areas in the footer and on each service page, and the article layout in a chunk shared by the services and posts since the area pages' template (2026-12-07)",
  },
  "/blog/comprehensive-water-quality-testing": {
    htmlGzip: 15_850,
    why: "the longest article: 11.7 KB gzip with no CSS at all; 15,686 B with the header's search link and the post's topic links, its icons without xmlns and focusable; 15,715 B with the desk's route in Gatsby's page map (2026-11-26); 15,805 B with the link to /areas in the footer and on each service page, and the article layout in a chunk shared by the services and posts since the area pages' template (2026-12-07)",
  },
  "/services/radon": {
    htmlGzip: 14_470,
    why: "radon county by county, Maryland rules, the FAQ and the sources: 10.4 KB gzip with no CSS at all (14,267 B, 2026-11-26); the report page's route in Gatsby's page map added 25 B to every page (14,317 B, 2026-11-29); 14,426 B with the link to /areas in the footer and on each service page, and the article layout in a chunk shared by the services and posts since the area pages' template (2026-12-07)",
  },
  "/services/sewer-septic": {
    htmlGzip: 14_150,
    why: "the septic and sewer methods, Maryland's rules and the FAQ: 13,988 B, 12 B under one round trip until the report page's route in Gatsby's page map added 24 B to every page (14,012 B, 2026-11-29), to be won back; 14,110 B with the link to /areas in the footer and on each service page, and the article layout in a chunk shared by the services and posts since the area pages' template (2026-12-07)",
  },
  "/services/lead-paint-legal-requirements": {
    htmlGzip: 14_170,
    why: "Maryland's lead law by year built and the FAQ: 13,972 B until the desk's route in Gatsby's page map added 23-30 B to every page (14,002 B, 2026-11-26); 14,124 B with the link to /areas in the footer and on each service page, and the article layout in a chunk shared by the services and posts since the area pages' template (2026-12-07)",
  },
  "/services/lead-paint-inspection": {
    htmlGzip: 14_320,
    why: "the XRF method, Maryland's rules by year built and the FAQ: 13,997 B, 3 B under one round trip, until every page's footer gained the link to the privacy notice (14,060 B); the desk's route in Gatsby's page map added 23 B to every page (14,214 B); 14,276 B with the link to /areas in the footer and on each service page, and the article layout in a chunk shared by the services and posts since the area pages' template (2026-12-07)",
  },
  "/blog/maryland-mold-law": {
    htmlGzip: 14_080,
    why: "a long article, 13,979 B, 21 B under one round trip until the desk's route in Gatsby's page map added 23 B to every page (14,003 B), to be won back; 14,041 B, then 14,068 B with the agents' page's route in the page map (27 B, 2026-12-07)",
  },
  "/blog/lead-inspection-preparation": {
    htmlGzip: 14_380,
    why: "a long article: 10.3 KB gzip with no CSS at all; 14,206 B with the header's search link and the post's topic links, its icons without xmlns and focusable (2026-11-26); 14,256 B with the report page's route in Gatsby's page map (2026-11-29); 14,330 B with the link to /areas in the footer and on each service page, and the article layout in a chunk shared by the services and posts since the area pages' template (2026-12-07)",
  },
};

/** The most a route's HTML may weigh, gzip: one round trip, or its figure in overOneRoundTrip. */
export function htmlGzipBudgetFor(route: string): number {
  return overOneRoundTrip[route]?.htmlGzip ?? FIRST_FLIGHT_HTML_GZIP;
}

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
    // 90.5 KB (2026-12-07): the heaviest page, /services/water-quality, is 90.3 KB, +2.2 KB over the
    // others for its comparison table; every page carries tailwind-merge's engine for cn() (+2.1 KB,
    // src/lib/ui/cn.ts) and, since the area pages, the article layout in a chunk the service and post
    // templates share (+1.0 KB). The history of the number is in the commits that changed it.
    jsGzip: 90.5 * KB,
    cssGzip: 20 * KB,
    why:
      "JS: a bare Gatsby + React 18 page is 66-75 KB; 85 KB leaves 10-20 KB for layout, icons and the page's " +
      "own code and keeps mobile performance >= 0.95; dialogs and tooltips load on first use. " +
      "CSS: the rules the page uses, inlined (3.5-4.3 KB), and the whole Tailwind sheet (8 KB) loaded after the " +
      "first paint; 20 KB leaves room to grow.",
  },
  /**
   * /schedule, /contact and the privacy pages carry forms: their steps, validation and the price
   * tables. Up to 133 KB until 2026-12-06 (/schedule 132.9 KB), when the notifications' code and the
   * data library left what the form pages hydrate with: the toaster loads on first use, a request
   * is sent as a plain POST, and the schedule's calendar brings the query client when it opens.
   * /schedule 110.8 KB, /contact 104.1 KB, /privacy 110.3 KB (it still reads with the data library).
   * A form page asks for its scripts only once it has painted, so every KB here is about 5 ms
   * later for React under the benchmark's 1.6 Mb/s (docs/performance.md): 115 KB held that gain. 116 KB
   * since 2026-12-07: /schedule 115.7 KB with the client's say on sharing the report with their agent
   * and an agent's page filling in the agent who books (+1.0 KB over 114.7 KB). 116.5 KB since the
   * same day's issue 70: a form's checks built when first read and the notifications' code asked for
   * at the visitor's first act added 136 B to /schedule's scripts (gzip), and took about 100 ms of
   * blocking a load off each form page in Lighthouse's traces (docs/performance.md). 105 KB since
   * 2026-12-08: the forms' checks (zod) and the schedule's later steps load once the form has
   * hydrated: /schedule 103.9 KB, /privacy 104.4 KB, /contact 98.2 KB.
   */
  forms: {
    jsGzip: 105 * KB,
    cssGzip: 20 * KB,
    why:
      "JS: a content page (88-90 KB) plus up to 16 KB for the form: its first step and the price tables; its " +
      "checks and later steps load once it has hydrated, the calendar's data library when its step opens, the " +
      "notifications at the first act. " +
      "CSS: as every page, its own rules inlined and the whole sheet after the first paint.",
  },
} satisfies Record<string, PageWeightBudget>;

export type BudgetName = keyof typeof pageWeightBudgets;

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
