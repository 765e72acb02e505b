/**
 * A page a visitor reads or fills in asks for nothing before it has painted: then it runs Gatsby's scripts and
 * preloads what it needs to hydrate. On a page whose content is a record its script reads (a booking's), the
 * scripts download as the HTML arrives, at low priority, and run once it has painted
 * (src/build-time/page-resources.ts). The icons and the manifest are linked after the paint too.
 */
import { expect, test } from "@playwright/test";

/** Gatsby's scripts, which the page preloads and runs once it has painted. */
const GATSBY = /^\/(webpack-runtime|framework|app)-[\da-f]+\.js$/;
/** What it preloads then: the whole sheet, the page's data and static queries, its component. */
const PRELOADED = /^\/page-data\/|^\/styles\.[\da-f]+\.css$|^\/component---/;

for (const [route, scriptsBy] of [
  ["/", "script"],
  ["/schedule", "script"],
  ["/contact", "script"],
  ["/booking", "link"],
  ["/blog/maryland-mold-law", "script"],
] as const) {
  // One width: what a page asks for does not depend on it.
  test(
    `${route} runs Gatsby's scripts and preloads what it hydrates with once it has painted, each asked for once, and links its icons and manifest only then`,
    { tag: "@desktop" },
    async ({ page }) => {
      const complaints: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || /preload/i.test(message.text())) complaints.push(message.text());
      });

      // Whether Gatsby's app had run when the page first painted. Registered before the page's own
      // scripts, this observer is told of the paint before the preloader's is.
      await page.addInitScript(() => {
        new PerformanceObserver((_list, observer) => {
          observer.disconnect();
          (window as { appRanBeforePaint?: boolean }).appRanBeforePaint = "___loader" in window;
          // What the head links for the browser to fetch at the load event, which may come first.
          (window as { linkedAtPaint?: string[] }).linkedAtPaint = [
            ...document.querySelectorAll('link[rel="icon"], link[rel="manifest"]'),
          ].map((link) => `${link.getAttribute("rel")} ${link.getAttribute("href")}`);
        }).observe({ type: "paint", buffered: true });
      });
      await page.goto(route);
      await expect(page.locator("html[data-hydrated]")).toBeAttached();

      const { appRanBeforePaint, linkedAtPaint, paintedAt, fetched } = await page.evaluate(() => ({
        appRanBeforePaint: (window as { appRanBeforePaint?: boolean }).appRanBeforePaint,
        linkedAtPaint: (window as { linkedAtPaint?: string[] }).linkedAtPaint,
        paintedAt: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
        fetched: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((entry) => ({
          path: new URL(entry.name).pathname,
          by: entry.initiatorType,
          startedAt: entry.startTime,
        })),
      }));
      const scripts = fetched.filter(({ path }) => GATSBY.test(path));
      const preloaded = fetched.filter(({ path }) => PRELOADED.test(path));
      expect(scripts.map(({ path }) => path.split("-")[0]).sort()).toEqual(["/app", "/framework", "/webpack"]);
      // The page's data, the site's, its static queries, the sheet and its component's chunk at least.
      expect(preloaded.filter(({ path }) => path.startsWith("/page-data/")).length).toBeGreaterThanOrEqual(2);
      expect(preloaded.some(({ path }) => path.startsWith("/component---"))).toBe(true);
      expect(preloaded.some(({ path }) => path.startsWith("/styles."))).toBe(true);
      expect(appRanBeforePaint).toBe(false);
      for (const resource of preloaded) {
        // A preload (initiator "link"), which the app's script or request then took: nothing twice.
        expect.soft(resource, `${resource.path} preloaded`).toMatchObject({ by: "link" });
      }
      for (const resource of [...scripts, ...preloaded]) {
        expect
          .soft(
            fetched.filter(({ path }) => path === resource.path),
            `${resource.path} once`,
          )
          .toHaveLength(1);
      }
      // Gatsby's scripts: preloaded as the page arrives where the script reads a record, else added after the paint.
      for (const resource of scripts)
        expect.soft(resource, `${resource.path} asked for`).toMatchObject({ by: scriptsBy });
      for (const resource of scriptsBy === "script" ? fetched : preloaded) {
        expect.soft(resource.startedAt, `${resource.path} started after the paint`).toBeGreaterThanOrEqual(paintedAt);
      }
      // No icon or manifest to fetch before the paint; both linked after it, and both there.
      expect(linkedAtPaint).toEqual(["icon data:,"]);
      await expect(page.locator('head link[rel="icon"][href="data:,"]')).toHaveCount(0);
      for (const rel of ["icon", "manifest"]) {
        const href = await page.locator(`head link[rel="${rel}"][href^="/"]`).first().getAttribute("href");
        expect((await page.request.get(href!)).status(), `${rel} ${href}`).toBe(200);
      }
      // A script the Content-Security-Policy refused, or a preload never used, is reported in the console.
      expect(complaints).toEqual([]);
    },
  );
}
