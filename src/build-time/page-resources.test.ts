/**
 * @jest-environment node
 */
import { pageDataUrl, withoutPagePreloads, withPagePreloads, type WebpackStats } from "./page-resources";

const stats: WebpackStats = {
  namedChunkGroups: {
    // Gatsby lists the framework chunk again in some pages' groups; the HTML already loads it.
    "component---schedule": { assets: [{ name: "framework.js" }, { name: "calendar.js" }, "component---schedule.js"] },
  },
};

const page =
  '<!DOCTYPE html><html><head></head><body><div id="___gatsby"></div>' +
  '<script src="/framework.js" async></script><script src="/app.js" async></script></body></html>';

const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="(\w+)"[^>]*href="([^"]+)"/g)];

describe("the resources a page needs to hydrate, named for preloading", () => {
  const data = { componentChunkName: "component---schedule", staticQueryHashes: ["111", "222"] };

  it("names the page's data, the site's, its static queries and its component's chunks, after Gatsby's scripts", () => {
    const html = withPagePreloads(page, "/schedule", data, stats);
    expect(preloads(html).map(([, as, href]) => `${as} ${href}`)).toEqual([
      "fetch /page-data/schedule/page-data.json",
      "fetch /page-data/app-data.json",
      "fetch /page-data/sq/d/111.json",
      "fetch /page-data/sq/d/222.json",
      "script /calendar.js",
      "script /component---schedule.js",
    ]);
    expect(html.indexOf('<link rel="preload"')).toBeGreaterThan(html.indexOf('<script src="/app.js"'));
    expect(html.endsWith("</body></html>")).toBe(true);
    // Gatsby's loader fetches page data with a same-origin XHR, which takes only a CORS preload.
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/page-data/app-data.json"/>');
  });

  it("names each once, however often the build runs it", () => {
    const once = withPagePreloads(page, "/schedule", data, stats);
    expect(withPagePreloads(once, "/schedule", data, stats)).toBe(once);
  });

  it("leaves the page as it was when they are taken out again, for weighing its first round trip", () => {
    expect(withoutPagePreloads(withPagePreloads(page, "/schedule", data, stats))).toBe(page);
  });

  it("asks for page data where Gatsby's loader does", () => {
    expect(pageDataUrl("/")).toBe("/page-data/index/page-data.json");
    expect(pageDataUrl("/services/radon")).toBe("/page-data/services/radon/page-data.json");
  });
});
