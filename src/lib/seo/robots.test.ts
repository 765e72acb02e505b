import { previewHeaders } from "../http/http-headers";
import { robotsTxt } from "./robots";

const siteUrl = "https://www.example-inspections.test";

describe("a production build", () => {
  it.each([undefined, "production"])("with CONTEXT %s invites crawlers and names the sitemap", (context) => {
    expect(robotsTxt(siteUrl, context)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap-index.xml\n`);
    expect(previewHeaders(context)).toEqual([]);
  });
});

describe("a preview", () => {
  it.each(["deploy-preview", "branch-deploy"])("with CONTEXT %s turns every crawler away", (context) => {
    expect(robotsTxt(siteUrl, context)).toMatch(/^User-agent: \*\nDisallow: \/\n$/m);
    expect(robotsTxt(siteUrl, context)).not.toContain("Allow: /\n");
    expect(previewHeaders(context)).toEqual([{ key: "x-robots-tag", value: "noindex, nofollow" }]);
  });
});
