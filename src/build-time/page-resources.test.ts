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
  '<!DOCTYPE html><html><head><style data-identity="gatsby-global-css" data-href="/styles.css">a{}</style></head>' +
  '<body><div id="___gatsby"></div>' +
  '<script src="/framework.js" async></script><script src="/app.js" async></script></body></html>';

/** The page's preloader, as a browser runs it: what it adds to the head, once the page has painted. */
function runPreloader(html: string, { painted = true, appRunning = false } = {}) {
  const [, list, script] = /<script data-preload='([^']*)'>([^<]*)<\/script>/.exec(html) ?? [];
  if (!script) throw new Error("no preloader");
  const added: Array<{ rel: string; as: string; href: string; crossOrigin?: string }> = [];
  const observers: Array<() => void> = [];
  class PerformanceObserver {
    static supportedEntryTypes = ["paint"];
    constructor(private readonly callback: () => void) {}
    observe({ type, buffered }: { type: string; buffered: boolean }) {
      expect({ type, buffered }).toEqual({ type: "paint", buffered: true });
      observers.push(this.callback);
    }
    disconnect() {}
  }
  const document = {
    currentScript: { dataset: { preload: list } },
    createElement: () => ({}) as (typeof added)[number],
    head: { appendChild: (link: (typeof added)[number]) => added.push({ ...link }) },
  };
  const window = { PerformanceObserver, ___loader: appRunning ? {} : undefined };
  new Function("window", "document", script)(window, document);
  const beforePaint = [...added];
  if (painted) observers.forEach((paint) => paint());
  return { beforePaint, added };
}

describe("the resources a page needs to hydrate, named for preloading", () => {
  const data = { componentChunkName: "component---schedule", staticQueryHashes: ["111", "222"] };

  it("preloads the sheet, the page's data, the site's, its static queries and its component's chunks, once the page has painted", () => {
    const html = withPagePreloads(page, "/schedule", data, stats);
    const { beforePaint, added } = runPreloader(html);
    expect(beforePaint).toEqual([]);
    expect(added.map(({ as, href }) => `${as} ${href}`)).toEqual([
      "style /styles.css",
      "fetch /page-data/schedule/page-data.json",
      "fetch /page-data/app-data.json",
      "fetch /page-data/sq/d/111.json",
      "fetch /page-data/sq/d/222.json",
      "script /calendar.js",
      "script /component---schedule.js",
    ]);
    expect(added.every(({ rel }) => rel === "preload")).toBe(true);
    // Gatsby's loader fetches page data with a same-origin XHR, which takes only a CORS preload.
    expect(added.filter(({ crossOrigin }) => crossOrigin === "anonymous").map(({ as }) => as)).toEqual(
      Array(4).fill("fetch"),
    );
    expect(html.indexOf("<script data-preload=")).toBeGreaterThan(html.indexOf('<script src="/app.js"'));
    expect(html.endsWith("</body></html>")).toBe(true);
    // Nothing is named in the HTML itself, where its request would start before the paint.
    expect(html).not.toContain("<link");
  });

  it("preloads nothing before the page paints, nor once Gatsby's app has asked for it all itself", () => {
    const html = withPagePreloads(page, "/schedule", data, stats);
    expect(runPreloader(html, { painted: false }).added).toEqual([]);
    expect(runPreloader(html, { appRunning: true }).added).toEqual([]);
  });

  it("is the same script on every page, so one hash in the Content-Security-Policy allows it", () => {
    const other = withPagePreloads(page, "/", { componentChunkName: "component---schedule" }, stats);
    const script = (html: string) => /<script data-preload='[^']*'>([^<]*)<\/script>/.exec(html)![1];
    expect(script(other)).toBe(script(withPagePreloads(page, "/schedule", data, stats)));
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
