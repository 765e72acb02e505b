/** A throwaway built site in a temporary folder, for the tests of the checks that read public/. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function fixtureSite(files: Record<string, string | Buffer>): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "fixture-site-"));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A page as Gatsby writes it: the three app scripts, an inline chunk map and the inlined CSS. */
export function gatsbyPage(body: string, { css = "body{color:#111}" } = {}): string {
  return [
    '<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/>',
    `<style data-href="/styles.css" data-identity="gatsby-global-css">${css}</style>`,
    "<title>Fixture</title></head><body>",
    `<div id="___gatsby">${body}</div>`,
    '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>',
    '<script src="/webpack-runtime.js" async></script><script src="/framework.js" async></script>',
    '<script src="/app.js" async></script>',
    "</body></html>",
  ].join("");
}
