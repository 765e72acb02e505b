/**
 * @jest-environment node
 */
import { FALLBACK_MS, pageDataUrl, withoutPagePreloads, withPagePreloads, type WebpackStats } from "./page-resources";

const stats: WebpackStats = {
  namedChunkGroups: {
    // Gatsby lists the framework chunk again in some pages' groups; the HTML already loads it.
    "component---schedule": { assets: [{ name: "framework.js" }, { name: "calendar.js" }, "component---schedule.js"] },
  },
};

const headLinks =
  '<link rel="icon" href="/favicon-32x32.png?v=1" type="image/png"/><link rel="icon" href="/favicon.svg?v=1" type="image/svg+xml"/>' +
  '<link rel="manifest" href="/manifest.webmanifest" crossorigin="anonymous"/>';
const page =
  `<!DOCTYPE html><html><head>${headLinks}<style data-identity="gatsby-global-css" data-href="/styles.css">a{}</style></head>` +
  '<body><div id="___gatsby"></div>' +
  '<script src="/framework.js" async></script><script src="/app.js" async></script></body></html>';

/** What the preloader adds to the document, in order: a <script> it runs, or a <link> preload. */
interface Added {
  tag: string;
  rel?: string;
  as?: string;
  href?: string;
  src?: string;
  async?: boolean;
  fetchPriority?: string;
  crossOrigin?: string;
}

/**
 * The page's preloader, as a browser runs it: what it adds before the page paints, then once it has
 * painted (`paint`), or once its fallback timer fires (`timer`), or both, in that order. A task it
 * queues (a zero-delay timer) runs after the one that queued it; `tasks` is what each task added.
 */
function runPreloader(
  html: string,
  events: Array<"first-paint" | "paint" | "timer"> = ["paint"],
  { paintTiming = true } = {},
) {
  const [, list, script] = /<script data-preload='([^']*)'>([^<]*)<\/script>/.exec(html) ?? [];
  if (!script) throw new Error("no preloader");
  const added: Added[] = [];
  const tasks: Added[][] = [];
  const observers: Array<(name: string) => void> = [];
  const queued: Array<() => void> = [];
  const fallbacks: Array<() => void> = [];
  const scheduled: number[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "navigation"] : ["navigation"];
    constructor(private readonly callback: (list: unknown, observer: PerformanceObserver) => void) {}
    observe({ type, buffered }: { type: string; buffered: boolean }) {
      expect({ type, buffered }).toEqual({ type: "paint", buffered: true });
      observers.push((name: string) =>
        this.callback({ getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) }, this),
      );
    }
    disconnect() {}
  }
  const append = (element: Added) => added.push({ ...element });
  const head = [...html.matchAll(/<link rel="icon" href="([^"]+)"\/>/g)].map(([, href]) => href);
  const removed: string[] = [];
  const document = {
    currentScript: { dataset: { preload: list } },
    querySelector: (selector: string) => {
      expect(selector).toBe("link[rel=icon]");
      const href = head[0];
      return href === undefined ? null : { remove: () => removed.push(head.shift()!) };
    },
    createElement: (tag: string): Added => ({ tag }),
    head: { appendChild: append },
    body: { appendChild: append },
  };
  const setTimeout = (run: () => void, ms: number) => {
    scheduled.push(ms);
    (ms === 0 ? queued : fallbacks).push(run);
  };
  /** Runs `task`, then each task it queued, in order, recording what each added. */
  const runTask = (task: () => void) => {
    for (let next: (() => void) | undefined = task; next; next = queued.shift()) {
      const before = added.length;
      next();
      if (added.length > before) tasks.push(added.slice(before));
    }
  };
  runTask(() =>
    new Function("window", "document", "setTimeout", script)({ PerformanceObserver }, document, setTimeout),
  );
  const beforePaint = [...added];
  for (const event of events) {
    if (event === "paint") observers.forEach((observer) => runTask(() => observer("first-contentful-paint")));
    else if (event === "first-paint") observers.forEach((observer) => runTask(() => observer("first-paint")));
    else fallbacks.splice(0).forEach(runTask);
  }
  return { beforePaint, added, tasks, removed, timers: scheduled.filter((ms) => ms > 0) };
}

const described = (added: Added[]) =>
  added.map((element) =>
    element.tag === "script"
      ? `run ${element.src}`
      : `${element.rel === "preload" ? element.as : element.rel} ${element.href}`,
  );

describe("the resources a page needs to hydrate, named for preloading", () => {
  const data = { componentChunkName: "component---schedule", staticQueryHashes: ["111", "222"] };

  it("once the page has painted, runs Gatsby's scripts in their order, then preloads the sheet, the page's data, the site's, its static queries and its component's chunks, and links the icons and the manifest", () => {
    const html = withPagePreloads(page, "/booking", data, stats);
    const { beforePaint, added } = runPreloader(html);
    expect(beforePaint).toEqual([]);
    expect(described(added)).toEqual([
      "run /framework.js",
      "run /app.js",
      "style /styles.css",
      "fetch /page-data/booking/page-data.json",
      "fetch /page-data/app-data.json",
      "fetch /page-data/sq/d/111.json",
      "fetch /page-data/sq/d/222.json",
      "script /calendar.js",
      "script /component---schedule.js",
      "icon /favicon-32x32.png?v=1",
      "icon /favicon.svg?v=1",
      "manifest /manifest.webmanifest",
    ]);
    // The icons and the manifest, which nothing else asks for, follow in a task of their own.
    const { tasks } = runPreloader(html);
    expect(tasks.map((task) => described(task).map((line) => line.split(" ")[0]))).toEqual([
      ["run", "run", "style", "fetch", "fetch", "fetch", "fetch", "script", "script"],
      ["icon", "icon", "manifest"],
    ]);
    const scripts = added.filter(({ tag }) => tag === "script");
    expect(scripts.every((script) => script.async && script.fetchPriority === "high")).toBe(true);
    expect(added.filter(({ tag }) => tag === "link").map(({ rel }) => rel)).toEqual([
      ...Array(7).fill("preload"),
      "icon",
      "icon",
      "manifest",
    ]);
    // Until then the head names an empty icon, so the browser asks for no /favicon.ico either; it
    // goes as the site's icons come.
    expect(html).toContain('<head><link rel="icon" href="data:,"/><style');
    expect(runPreloader(html).removed).toEqual(["data:,"]);
    expect(runPreloader(html, []).removed).toEqual([]);
    // Gatsby's loader fetches page data with a same-origin XHR, which takes only a CORS preload.
    expect(added.filter(({ crossOrigin }) => crossOrigin === "anonymous").map(({ as }) => as)).toEqual(
      Array(4).fill("fetch"),
    );
    // On a page whose content is a record its script reads, Gatsby's scripts are asked for before
    // the paint, at low priority: they run after it.
    expect([...html.matchAll(/<link [^>]*>/g)].map(([link]) => link)).toEqual([
      '<link rel="icon" href="data:,"/>',
      '<link rel="preload" as="script" fetchpriority="low" href="/framework.js"/>',
      '<link rel="preload" as="script" fetchpriority="low" href="/app.js"/>',
    ]);
    expect(html).not.toContain("<script src=");
    expect(html.endsWith("</script></body></html>")).toBe(true);
  });

  it("starts nothing before the page paints, everything once if its fallback timer fires too, and everything without waiting for a paint where paint timing is missing", () => {
    const html = withPagePreloads(page, "/schedule", data, stats);
    const waiting = runPreloader(html, []);
    expect(waiting.added).toEqual([]);
    expect(waiting.timers).toEqual([FALLBACK_MS]);
    const paintedThenTimer = runPreloader(html, ["paint", "timer"]).added;
    expect(described(paintedThenTimer)).toHaveLength(12);
    expect(runPreloader(html, ["timer", "paint"]).added).toEqual(paintedThenTimer);
    // A first paint of backgrounds alone is not the page painted: it waits for the first contentful one.
    expect(runPreloader(html, ["first-paint"]).added).toEqual(runPreloader(html, []).added);
    expect(runPreloader(html, ["first-paint", "paint"]).added).toEqual(runPreloader(html, ["paint"]).added);
    expect(runPreloader(html, [], { paintTiming: false }).added).toEqual(paintedThenTimer);
  });

  it("asks for nothing before the paint on a page a visitor reads or fills in, and the same as a record's page once it has painted", () => {
    const record = runPreloader(withPagePreloads(page, "/booking", data, stats)).added;
    for (const route of ["/services/radon", "/schedule", "/contact"]) {
      const html = withPagePreloads(page, route, data, stats);
      expect([...html.matchAll(/<link [^>]*>/g)].map(([link]) => link)).toEqual(['<link rel="icon" href="data:,"/>']);
      const { beforePaint, added } = runPreloader(html);
      expect(beforePaint).toEqual([]);
      expect(described(added)).toEqual(described(record).map((line) => line.replace("/booking/", `${route}/`)));
    }
    const bare = page.replace(headLinks, "");
    expect(withoutPagePreloads(withPagePreloads(bare, "/services/radon", data, stats))).toBe(bare);
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
    const links =
      '<link rel="icon" href="/favicon-32x32.png?v=1"/><link rel="icon" href="/favicon.svg?v=1"/>' +
      '<link rel="manifest" href="/manifest.webmanifest"/>';
    expect(withoutPagePreloads(withPagePreloads(page, "/schedule", data, stats))).toBe(page.replace(headLinks, links));
    const bare = page.replace(headLinks, "");
    expect(withoutPagePreloads(withPagePreloads(bare, "/schedule", data, stats))).toBe(bare);
  });

  it("asks for page data where Gatsby's loader does", () => {
    expect(pageDataUrl("/")).toBe("/page-data/index/page-data.json");
    expect(pageDataUrl("/services/radon")).toBe("/page-data/services/radon/page-data.json");
  });
});
