/**
 * What a page needs to hydrate is preloaded once it has painted (src/build-time/page-resources.ts):
 * after the first paint, so a phone's largest paint waits for none of it, and before Gatsby's app
 * asks, so the app finds it on its way. Gatsby's app script is held until the page has painted,
 * as a phone's slow network holds it: the order is then the one a phone sees, every time.
 */
import { expect, test, type Route } from "@playwright/test";

const APP = /\/app-[\da-f]+\.js$/;
const NEEDED = /\/page-data\/|\/styles\.[\da-f]+\.css$|\/component---/;

for (const route of ["/", "/schedule", "/blog/maryland-mold-law"]) {
  // One width: what a page preloads does not depend on it.
  test(
    `${route} preloads what it hydrates with once it has painted, and each once`,
    { tag: "@desktop" },
    async ({ page }) => {
      let releaseApp!: () => void;
      const painted = new Promise<void>((resolve) => (releaseApp = resolve));
      await page.route(APP, async (held: Route) => {
        await painted;
        await held.continue();
      });
      const complaints: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || /preload/i.test(message.text())) complaints.push(message.text());
      });

      await page.goto(route, { waitUntil: "commit" });
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length === 1);
      releaseApp();
      await expect(page.locator("html[data-hydrated]")).toBeAttached();

      const { paintedAt, fetched } = await page.evaluate(() => ({
        paintedAt: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
        fetched: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((entry) => ({
          path: new URL(entry.name).pathname,
          by: entry.initiatorType,
          startedAt: entry.startTime,
        })),
      }));
      const needed = fetched.filter(({ path }) => NEEDED.test(path));
      // The page's data, the site's, its static queries, the sheet and its component's chunk at least.
      expect(needed.filter(({ path }) => path.startsWith("/page-data/")).length).toBeGreaterThanOrEqual(2);
      expect(needed.some(({ path }) => path.startsWith("/component---"))).toBe(true);
      expect(needed.some(({ path }) => path.startsWith("/styles."))).toBe(true);
      for (const resource of needed) {
        // A preload (initiator "link"), which the app then took: no second request for the same file.
        expect.soft(resource, `${resource.path} preloaded`).toMatchObject({ by: "link" });
        expect.soft(resource.startedAt, `${resource.path} started after the paint`).toBeGreaterThanOrEqual(paintedAt);
        expect
          .soft(
            needed.filter(({ path }) => path === resource.path),
            `${resource.path} once`,
          )
          .toHaveLength(1);
      }
      // A preload the Content-Security-Policy refused, or one never used, is reported in the console.
      expect(complaints).toEqual([]);
    },
  );
}
