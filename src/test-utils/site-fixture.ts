/**
 * Unit tests render components with the real content: the same YAML files the build reads,
 * served through the mocked `useStaticQuery` (see jest/__mocks__/gatsby.js).
 */
import { useStaticQuery } from "gatsby";
import { readContentFile, readSiteContent } from "../build-time/content-files";

export const siteContent = readSiteContent();
export const navigationContent = readContentFile("navigation.yaml");
export const footerContent = readContentFile("footer.yaml");

/** Answers every static query the layout makes. */
export function mockStaticQueries(): void {
  jest.mocked(useStaticQuery).mockReturnValue({
    siteInfo: siteContent,
    allNavLink: { nodes: navigationContent },
    footerLinks: footerContent,
    site: { siteMetadata: { siteUrl: "https://example.test" }, buildTime: "2026" },
  });
}
