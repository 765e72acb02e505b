import { chromium } from "@playwright/test";
import { startProductionServer } from "/work/main/src/serve/serve";
import { CHROMIUM_ARGS, ensureChromium } from "/work/main/scripts/lib/chromium";
import { EMULATION, VIEWPORT } from "/work/main/scripts/bench/hydration-timing";
async function main() {
  const [site, route] = process.argv.slice(2);
  const server: any = await startProductionServer({ siteRoot: site, port: 0, host: "127.0.0.1" });
  const url = server.url + route;
  const exe = ensureChromium();
  const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
  for (let round = 0; round < 2; round++) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: EMULATION.latencyMs, downloadThroughput: EMULATION.downloadBitsPerSecond / 8, uploadThroughput: EMULATION.uploadBitsPerSecond / 8 });
  await page.addInitScript(`(function(){const poll=setInterval(()=>{const r=document.getElementById("___gatsby");if(r&&Object.keys(r).some(k=>k.startsWith("__reactContainer"))){window.__h=performance.now();clearInterval(poll)}},5)})()`);
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => (window as any).__h);
  await page.waitForTimeout(1500);
  const out: any = await page.evaluate(() => { const w = window as any; return {h: w.__h, fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime, r: performance.getEntriesByType("resource").map((e: any)=>[e.name.replace(location.origin,"").slice(0,60), Math.round(e.startTime), Math.round(e.responseStart), Math.round(e.responseEnd), e.encodedBodySize, e.initiatorType]), nav: performance.getEntriesByType("navigation").map((e: any)=>[Math.round(e.responseStart),Math.round(e.responseEnd),Math.round(e.domContentLoadedEventEnd), Math.round(e.loadEventEnd)])}; });
  console.log("round", round, "fcp", Math.round(out.fcp), "hydr", Math.round(out.h), "nav", JSON.stringify(out.nav));
  for (const r of out.r.sort((a:any,b:any)=>a[1]-b[1])) console.log("  ", r.join("\t"));
  await context.close();
  }
  await browser.close(); await server.close?.(); process.exit(0);
}
main();
