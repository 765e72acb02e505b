/**
 * Every built page that explains the law (a statute, a regulation, a legal limit or duty) shows
 * its sources, the date it was last reviewed and that it is not legal advice.
 */
import { readFileSync } from "node:fs";
import { lawMarkerIn, lawNoticeProblems } from "../../scripts/lib/law-notice";
import { builtRoutes, readPage } from "../support/built-site";

const routes = builtRoutes();

test.each(routes)("$route gives sources and a review date if it explains the law", ({ file }) => {
  expect(lawNoticeProblems(readFileSync(file, "utf8"))).toEqual([]);
});

test("the pages known to explain the law are recognised as doing so", () => {
  const lawRoutes = routes.filter(({ file }) => lawMarkerIn(readPage(file).querySelector("main")!)).map((r) => r.route);
  expect(lawRoutes).toEqual(
    expect.arrayContaining([
      "/about",
      "/faq",
      "/services/residential",
      "/services/lead-paint-legal-requirements",
      "/services/water-quality/basic-potability",
      "/blog/maryland-mold-law",
    ]),
  );
});
