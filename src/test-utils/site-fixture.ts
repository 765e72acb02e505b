/**
 * Unit tests render components with the real content: the same YAML files the build reads,
 * served through the mocked `useStaticQuery` (see __mocks__/gatsby.js).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { useStaticQuery } from "gatsby";

function readContent<T>(file: string): T {
  return parse(readFileSync(path.join(__dirname, "..", "..", "content", file), "utf8")) as T;
}

export const siteContent = readContent<Record<string, unknown> & { name: string; phone: string; email: string }>(
  "site.yaml",
);
export const navigationContent = readContent<{ name: string; href: string }[]>("navigation.yaml");
export const footerContent = readContent<{
  services: { name: string; href: string }[];
  company: { name: string; href: string }[];
}>("footer.yaml");

/** Answers every static query the layout makes. */
export function mockStaticQueries(): void {
  jest.mocked(useStaticQuery).mockReturnValue({
    siteInfo: siteContent,
    allNavLink: { nodes: navigationContent },
    footerLinks: footerContent,
    site: { siteMetadata: { siteUrl: "https://example.test" } },
  });
}
