/** @jest-environment node */
// The rule is the editor's (src/features/editor/build/editor-isolation.ts); its test lives here
// because it runs the page-weight and link checks of scripts/lib, which src/ may not import.
import { adminIndexHtml } from "../../src/features/editor/build/admin-files";
import { editorCodeProblems } from "../../src/features/editor/build/editor-isolation";
import { fixtureSite, gatsbyPage } from "./fixture-site";
import { checkLinks } from "./link-check";
import { weighRoute, type WebpackStats } from "./page-weight";

const stats: WebpackStats = {
  namedChunkGroups: {
    app: { assets: [{ name: "webpack-runtime.js" }, { name: "framework.js" }, { name: "app.js" }] },
    "component---page": { assets: [{ name: "component---page.js" }] },
  },
};
const pageData = JSON.stringify({ componentChunkName: "component---page", path: "/", result: {} });

/** A built site with the editor in admin/, as the build leaves it. */
function site(overrides: Record<string, string> = {}) {
  return fixtureSite({
    "webpack.stats.json": JSON.stringify(stats),
    "webpack-runtime.js": "console.log('runtime');",
    "framework.js": "console.log('react');",
    "app.js": "console.log('app');",
    "component---page.js": "console.log('page');",
    // The sheet gatsbyPage's <style> names and inlines whole, as Gatsby writes it.
    "styles.css": "body{color:#111}",
    "index.html": gatsbyPage('<h1>Home</h1><a href="/about">About</a>'),
    "about/index.html": gatsbyPage("<h1>About</h1>"),
    "page-data/index/page-data.json": pageData,
    "page-data/about/page-data.json": pageData,
    "admin/index.html": adminIndexHtml("Fixture"),
    "admin/config.js": "window.CMS_MANUAL_INIT = true;",
    "admin/decap-cms.js": "/* decap-cms-core */ window.DecapCms = {};",
    "admin/init.js": "CMS.init();",
    "admin/sign-in.js": "window.opener.postMessage('authorizing:github', 'https://example.com');",
    ...overrides,
  });
}

describe("no visitor page loads the content editor", () => {
  test("a site whose pages load only their own code passes", () => {
    const { dir, remove } = site();
    try {
      const weights = ["/", "/about"].map((route) => weighRoute(dir, route, stats));
      expect(editorCodeProblems(dir, weights)).toEqual([]);
    } finally {
      remove();
    }
  });

  test("a page that loads a file of /admin/ is named", () => {
    const { dir, remove } = site({
      "about/index.html": gatsbyPage('<h1>About</h1><script src="/admin/decap-cms.js"></script>'),
    });
    try {
      const weights = ["/", "/about"].map((route) => weighRoute(dir, route, stats));
      expect(editorCodeProblems(dir, weights)).toEqual([
        "/about: loads /admin/decap-cms.js, a file of the content editor",
      ]);
    } finally {
      remove();
    }
  });

  test("a page that loads the sign-in window's script is named", () => {
    const { dir, remove } = site({
      "index.html": gatsbyPage('<h1>Home</h1><script src="/admin/sign-in.js"></script>'),
    });
    try {
      const weights = ["/", "/about"].map((route) => weighRoute(dir, route, stats));
      expect(editorCodeProblems(dir, weights)).toEqual(["/: loads /admin/sign-in.js, a file of the content editor"]);
    } finally {
      remove();
    }
  });

  test("a site chunk that bundles the editor's code is named, even if no first view loads it", () => {
    const { dir, remove } = site({ "lazy-chunk.js": "var x = require('decap-cms-core');" });
    try {
      const weights = ["/"].map((route) => weighRoute(dir, route, stats));
      expect(editorCodeProblems(dir, weights)).toEqual([
        '/lazy-chunk.js holds the content editor\'s code ("decap-cms-core")',
      ]);
    } finally {
      remove();
    }
  });
});

describe("the link check and /admin, the one page not for visitors", () => {
  const specRoutes = ["/", "/about"];

  test("the editor's page is checked like any other and its files resolve", () => {
    const { dir, remove } = site();
    try {
      const result = checkLinks(dir, specRoutes);
      expect(result.problems).toEqual([]);
      expect(result.pages).toBe(3);
    } finally {
      remove();
    }
  });

  test("a visitor page linking to /admin is a problem", () => {
    const { dir, remove } = site({
      "index.html": gatsbyPage('<h1>Home</h1><a href="/about">About</a><a href="/admin">Edit</a>'),
    });
    try {
      expect(checkLinks(dir, specRoutes).problems).toEqual([
        expect.objectContaining({
          file: "index.html",
          url: "/admin",
          problem: "/admin is not a route of the specification",
        }),
      ]);
    } finally {
      remove();
    }
  });
});
