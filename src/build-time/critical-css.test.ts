/**
 * @jest-environment node
 */
import Beasties from "beasties";
import { readFileSync } from "node:fs";
import path from "node:path";
import { dropUnusedProperties, inlineCriticalCss, selectorView, unwrapWhere, withLayerOrder } from "./critical-css";

/**
 * A sheet shaped as Tailwind v4 writes it: layers, theme variables, @property, variants, :where().
 * Its class names are made up: Tailwind reads this file for class names too (every file of the
 * project is a source), and a real utility named here would be added to the site's sheet.
 */
const SHEET = [
  "@layer properties{@supports (not (color:red)){*,:after,:before{--tw-edge-style:solid;--tw-glow:0 0 #0000}}}",
  "@layer theme{:root{--color-ink:#174f73;--color-unused:#f00;--gap:.25rem}}",
  "@layer base{body{margin:0}dialog{padding:0}}",
  "@layer components{.prose-copy h2{margin-top:calc(var(--gap)*10)}}",
  "@layer utilities{.pad{padding:calc(var(--gap)*4)}.ink{color:var(--color-ink)}",
  ".edge{border-style:var(--tw-edge-style);border-width:1px}.glow{box-shadow:var(--tw-glow)}",
  ":where(.stack-4>:not(:last-child)){margin-block-end:1rem}:where(.stack-8>:not(:last-child)){margin-block-end:2rem}",
  ".keyed\\:ring:focus-visible{outline-style:solid}",
  "@media (hover:hover){.pointed\\:ink:hover{text-decoration-line:underline}}",
  "@media (min-width:48rem){.wide\\:gone{display:none}.wide\\:row{display:flex}}}",
  '@property --tw-edge-style{syntax:"*";inherits:false;initial-value:solid}',
  '@property --tw-glow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
].join("");

const page = (body: string, css = "stale") =>
  `<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/>` +
  `<style data-href="/styles.css" data-identity="gatsby-global-css">${css}</style></head>` +
  `<body><div id="___gatsby">${body}</div></body></html>`;

const styleOf = (html: string) => /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)![1]!;
const readSheet = (href: string) => {
  if (href !== "/styles.css") throw new Error(`no ${href}`);
  return SHEET;
};

describe("critical CSS", () => {
  const body =
    '<p class="pad ink pointed:ink keyed:ring wide:gone edge">Lead</p><br/>' +
    '<ul class="stack-4"><li>One</li><li>Two</li></ul>';

  it("keeps the rules the page's elements match, their variants included, and drops the rest", async () => {
    const css = styleOf(await inlineCriticalCss(page(body), readSheet));
    const kept = [".pad{", ".ink{", ".edge{", ".wide\\:gone{", "body{", ".keyed\\:ring:focus-visible"];
    for (const rule of [...kept, ":where(.stack-4>:not(:last-child))"]) expect(css).toContain(rule);
    for (const rule of [".glow", ".wide\\:row", "dialog", ".prose-copy", ".stack-8"]) expect(css).not.toContain(rule);
  });

  it("leaves out what a hovering pointer changes: nothing hovers in the first paint", async () => {
    const css = styleOf(await inlineCriticalCss(page(body), readSheet));
    expect(css).not.toContain("hover");
    expect(css).not.toContain("pointed");
  });

  it("keeps only the custom properties and @property rules that a kept rule reads", async () => {
    const css = styleOf(await inlineCriticalCss(page(body), readSheet));
    expect(css).toContain("--color-ink:#174f73");
    expect(css).toContain("--gap:.25rem");
    expect(css).toContain("@property --tw-edge-style");
    expect(css).toContain("--tw-edge-style:solid"); // the fallback for browsers without @property
    expect(css).not.toContain("--color-unused");
    expect(css).not.toContain("--tw-glow");
  });

  it("names every layer of the full sheet first, in its order, even a layer the page does not use", async () => {
    const css = styleOf(await inlineCriticalCss(page(body), readSheet));
    expect(css.startsWith("@layer properties,theme,base,components,utilities;")).toBe(true);
    expect(css).not.toContain("@layer components{");
  });

  it("changes only the style's text and reduces a reduced page the same way again", async () => {
    const html = page(body);
    const once = await inlineCriticalCss(html, readSheet);
    expect(once.replace(styleOf(once), "")).toBe(html.replace("stale", ""));
    expect(await inlineCriticalCss(once, readSheet)).toBe(once);
  });
});

describe("critical CSS of pages built from one template", () => {
  const post = (words: string, link: string, extra = "") =>
    page(
      `<article class="pad"><h2 class="ink">${words}</h2><p>${words} and <a href="${link}" title="${words}">more</a></p>${extra}</article>`,
    );
  const process = jest.spyOn(Beasties.prototype, "process");
  beforeEach(() => process.mockClear());

  it("reduces the styles once for pages that differ only in their words and links, with the same result", async () => {
    const first = await inlineCriticalCss(post("Radon in Maryland", "/services/radon"), readSheet);
    const second = await inlineCriticalCss(post("Mold & moisture", "/blog/maryland-mold-law"), readSheet);
    expect(process).toHaveBeenCalledTimes(1);
    expect(styleOf(second)).toBe(styleOf(first));
    expect(second).toContain('<h2 class="ink">Mold & moisture</h2>');
  });

  it("reduces them again for a page with an element, or a class, the others lack", async () => {
    const plain = styleOf(await inlineCriticalCss(post("Wells", "/a", "<div></div>"), readSheet));
    const glowing = styleOf(await inlineCriticalCss(post("Wells", "/a", '<div class="glow"></div>'), readSheet));
    const withDialog = styleOf(await inlineCriticalCss(post("Wells", "/a", "<dialog></dialog>"), readSheet));
    expect(process).toHaveBeenCalledTimes(3);
    expect(plain).not.toContain(".glow");
    expect(glowing).toContain(".glow{");
    expect(withDialog).toContain("dialog{");
  });

  it("keeps a custom property that only the words of one page read", async () => {
    const named = styleOf(await inlineCriticalCss(post("Set var(--color-unused) here", "/b"), readSheet));
    const unnamed = styleOf(await inlineCriticalCss(post("Nothing here", "/b"), readSheet));
    expect(named).toContain("--color-unused:#f00");
    expect(unnamed).not.toContain("--color-unused");
  });

  it("sees the attributes a selector names, and no other", () => {
    const view = (attributes: string) =>
      selectorView(`<style>[open]{margin:0}.x{margin:0}</style><details class="x" ${attributes}></details>`);
    expect(view('open data-x="1" title="A"')).toBe(view('open data-x="2" title="B"'));
    expect(view("open")).not.toBe(view(""));
    expect(view('id="a"')).not.toBe(view('id="b"'));
  });
});

describe("dropUnusedProperties", () => {
  it("follows a chain of variables and counts those a style attribute reads", () => {
    const css = ":root{--a:var(--b);--b:1px;--c:2px;--d:3px}.x{margin:var(--a)}";
    expect(dropUnusedProperties(css, '<p style="padding:var(--d)">')).toBe(
      ":root{--a:var(--b);--b:1px;--d:3px}.x{margin:var(--a)}",
    );
    expect(dropUnusedProperties(":root{--c:2px}.x{margin:0}", "")).toBe(".x{margin:0}");
  });
});

describe("unwrapWhere", () => {
  it("matches a selector wholly inside :where() by its inside, and leaves any other as it is", () => {
    expect(unwrapWhere(":where(.stack-4>:not(:last-child))")).toBe(".stack-4>:not(:last-child)");
    expect(unwrapWhere(":where(.a) .b:where(.c)")).toBe(":where(.a) .b:where(.c)");
    expect(unwrapWhere("abbr:where([title])")).toBe("abbr:where([title])");
  });
});

describe("withLayerOrder", () => {
  it("adds nothing to a sheet without layers", () => {
    expect(withLayerOrder(".x{margin:0}", ".x{margin:0}.y{margin:1px}")).toBe(".x{margin:0}");
  });
});

describe("the Beasties internal that critical-css.ts extends", () => {
  const manifest = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, string>>;
  const root = path.resolve(__dirname, "..", "..");

  it("is the exact version package.json pins, installed", () => {
    const pinned = manifest(path.join(root, "package.json")).dependencies!.beasties;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest(path.join(root, "node_modules", "beasties", "package.json")).version).toBe(pinned);
  });

  it("still empties a selector wholly inside :where(), the reason for the override, and keeps what is inside", () => {
    const beasties = new Beasties({ logLevel: "silent" }) as unknown as { normalizeCssSelector?: unknown };
    expect(typeof beasties.normalizeCssSelector).toBe("function");
    const normalize = beasties.normalizeCssSelector as (selector: string) => string;
    expect(normalize.call(beasties, ":where(.stack-4>:not(:last-child))")).toBe("");
    expect(normalize.call(beasties, ".stack-4>:not(:last-child)")).toBe(".stack-4> *");
    expect(normalize.call(beasties, ".keyed\\:ring:focus-visible")).toBe(".keyed\\:ring");
  });
});
