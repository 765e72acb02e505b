/**
 * @jest-environment node
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { builtPages, filesForAddress, htmlFileFor, inlineScriptHashes, pageTitle, routeOfFile } from "./built-pages";

const sha = (text: string) => createHash("sha256").update(text).digest("base64");

describe("built pages", () => {
  it("lists every page by its address, not the 404 copy or data folders", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "public-"));
    for (const folder of ["", "about", "services/radon", "404", "page-data/about"]) {
      mkdirSync(path.join(dir, folder), { recursive: true });
      writeFileSync(path.join(dir, folder, "index.html"), "<html></html>");
    }
    expect(builtPages(dir).map((page) => page.route)).toEqual(["/", "/about", "/services/radon"]);
  });

  it("reads the Netlify adapter's layout too: blog/x.html is /blog/x, 404.html is no page", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "public-"));
    mkdirSync(path.join(dir, "blog"), { recursive: true });
    mkdirSync(path.join(dir, "icons"), { recursive: true });
    for (const file of ["index.html", "blog.html", "blog/radon-guide.html", "404.html", "icons/x.html"]) {
      writeFileSync(path.join(dir, file), "<html></html>");
    }
    expect(builtPages(dir)).toEqual([
      { route: "/", file: path.join(dir, "index.html") },
      { route: "/blog", file: path.join(dir, "blog.html") },
      { route: "/blog/radon-guide", file: path.join(dir, "blog/radon-guide.html") },
    ]);
    expect(htmlFileFor(dir, "/blog/radon-guide")).toBe(path.join(dir, "blog/radon-guide.html"));
    expect(htmlFileFor(dir, "/404.html")).toBe(path.join(dir, "404.html"));
    expect(() => htmlFileFor(dir, "/nowhere")).toThrow(/No HTML for \/nowhere/);
    expect(routeOfFile(path.join("services", "radon", "index.html"))).toBe("/services/radon");
  });

  it("names the route of each built file, and the files that may answer an address", () => {
    expect(routeOfFile("index.html")).toBe("/");
    expect(routeOfFile("blog/maryland-mold-law/index.html")).toBe("/blog/maryland-mold-law");
    expect(routeOfFile("services/radon.html")).toBe("/services/radon");
    expect(routeOfFile("/services/radon.html")).toBe("/services/radon");
    expect(routeOfFile("404.html")).toBe("/404");
    expect(filesForAddress("/")).toEqual(["index.html"]);
    expect(filesForAddress("/robots.txt")).toEqual(["robots.txt", "robots.txt/index.html", "robots.txt.html"]);
    expect(filesForAddress("/blog/x")).toEqual(["blog/x", "blog/x/index.html", "blog/x.html"]);
  });

  it("finds pages an earlier build left under their moved name, and takes this build's copy where both exist", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "public-"));
    mkdirSync(path.join(dir, "services", "radon"), { recursive: true });
    mkdirSync(path.join(dir, "blog"), { recursive: true });
    // Left by the earlier build, after the Netlify adapter moved each <route>/index.html to <route>.html.
    for (const file of ["404.html", "about.html", "services/radon.html", "blog/maryland-mold-law.html"]) {
      writeFileSync(path.join(dir, file), "<html></html>");
    }
    // Written again by this build: the page that changed.
    writeFileSync(path.join(dir, "services", "radon", "index.html"), "<html></html>");
    writeFileSync(path.join(dir, "index.html"), "<html></html>");
    expect(builtPages(dir)).toEqual([
      { route: "/", file: path.join(dir, "index.html") },
      { route: "/about", file: path.join(dir, "about.html") },
      { route: "/blog/maryland-mold-law", file: path.join(dir, "blog", "maryland-mold-law.html") },
      { route: "/services/radon", file: path.join(dir, "services", "radon", "index.html") },
    ]);
  });

  it("takes the page's own title from the document title", () => {
    expect(pageTitle("<head><title>Radon Testing | Severn Ridge</title></head>")).toBe("Radon Testing");
    expect(pageTitle('<title data-gatsby-head="true">Walk-and-Talk &amp; You | X</title>')).toBe("Walk-and-Talk & You");
  });

  it("hashes the inline scripts a browser runs, exactly as written", () => {
    const html = [
      '<script>window.pagePath="/";</script>',
      '<script type="module">const e=1;</script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '<script src="/app.js" async></script>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha('window.pagePath="/";'), sha("const e=1;")]);
  });
});
