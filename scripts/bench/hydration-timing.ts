/**
 * When a page paints and when React starts to hydrate it, in Chromium under network emulation only (EMULATION,
 * no CPU slowdown), so round trips and bytes decide rather than the machine's CPU noise. Hydration starts when
 * React puts its container key on #___gatsby, a bare Gatsby page's only mark. Used by `npm run bench:hydrate`
 * and `npm run bench`.
 */
import type { Browser } from "@playwright/test";

/** The emulated connection: a slow phone network, the same for every page. */
export const EMULATION = { latencyMs: 150, downloadBitsPerSecond: 1.6e6, uploadBitsPerSecond: 750e3 };
export const VIEWPORT = { width: 390, height: 844 };

export interface Timings {
  fcp: number | null;
  lcp: number | null;
  hydration: number | null;
}

declare global {
  interface Window {
    __lcp?: number;
    __hydration?: number;
  }
}

/** One cold load of `url` in a fresh context. */
export async function measureHydration(browser: Browser, url: string): Promise<Timings> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: EMULATION.latencyMs,
      downloadThroughput: EMULATION.downloadBitsPerSecond / 8,
      uploadThroughput: EMULATION.uploadBitsPerSecond / 8,
    });
    await page.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      const poll = setInterval(() => {
        const root = document.getElementById("___gatsby");
        if (root && Object.keys(root).some((key) => key.startsWith("__reactContainer"))) {
          window.__hydration = performance.now();
          clearInterval(poll);
        }
      }, 5);
    });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForFunction(() => window.__hydration, null, { timeout: 30_000 }).catch(() => undefined);
    // The last LCP candidate may be reported a moment after the load event.
    await page.waitForTimeout(300);
    return await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      lcp: window.__lcp || null,
      hydration: window.__hydration ?? null,
    }));
  } finally {
    await context.close();
  }
}
