/**
 * Every generated route is built here and nowhere else, so a page, a link and
 * gatsby-node can never disagree about a URL. The site uses no trailing slashes.
 */
import type { LawPage } from "./content/content-schema";

export const servicesPath = "/services";
export const schedulePath = "/schedule";
export const blogPath = "/blog";
export const cancellationPath = "/cancellation-policy";
/** The privacy notice, and where the link to what is kept about an address leads. */
export const privacyPath = "/privacy";
export const privacyDataPath = "/privacy/data";
/** Where the link in a booking's confirmation leads: cancel or move it. */
export const bookingPath = "/booking";
/** Where the link in a report's e-mail leads: the inspection report, once signed and paid. */
export const reportPath = "/report";
/** The owner's desk: the only page that sends anywhere but this site (the report bucket). */
export const deskPath = "/desk";
/** An agent's page of their clients' inspections, signed in by an e-mailed link. */
export const agentPath = "/agent";

/** The pages that carry a form, and so get the forms' weight budget (scripts/budgets.ts). */
export const formRoutes: readonly string[] = [schedulePath, "/contact", privacyPath, privacyDataPath];

/**
 * The pages whose content is a record their script reads: a booking, the agreement to sign, the
 * report, the data kept about a person, the desk, an agent's page. They paint a frame and fill it once React has
 * read the record, so their scripts download as the page arrives; every other page, a form's
 * included, asks for them once it has painted (src/build-time/page-resources.ts).
 */
export const recordRoutes: readonly string[] = [
  bookingPath,
  "/agreement",
  reportPath,
  privacyDataPath,
  deskPath,
  agentPath,
];

export function servicePath(slug: string): string {
  return `${servicesPath}/${slug}`;
}

/** The service whose page lists the water-testing packages; the packages' routes sit below it. */
export const waterQualityService = "water-quality";

export function waterPackagePath(packageId: string): string {
  return `${servicePath(waterQualityService)}/${packageId}`;
}

/**
 * The routes of each page that states the law without a content file of its own
 * (content/page-sources.yaml gives them their sources): one each, and one per water package.
 */
export const lawPageRoutes: Record<LawPage, (waterPackageIds: readonly string[]) => string[]> = {
  about: () => ["/about"],
  faq: () => ["/faq"],
  "water-packages": (waterPackageIds) => waterPackageIds.map(waterPackagePath),
  privacy: () => [privacyPath],
};

export function postPath(slug: string): string {
  return `${blogPath}/${slug}`;
}

/** The blog index's pages: /blog, then /blog/2, /blog/3... (a post's slug is never a number). */
export function blogPagePath(page: number): string {
  return page <= 1 ? blogPath : `${blogPath}/${page}`;
}

export function topicPath(topicId: string): string {
  return `${blogPath}/topics/${topicId}`;
}

/** The search page: its field and results (the index is built after the site, by Pagefind). */
export const searchPath = "/search";

/** The schedule page with a service or a water package already chosen. */
export function scheduleWith(choice: { service: string } | { package: string }): string {
  const [key, value] = Object.entries(choice)[0] as [string, string];
  return `${schedulePath}?${new URLSearchParams({ [key]: value }).toString()}`;
}

/** A content file's slug is its file name, or its folder's name for `index.mdx`. */
export function slugFromFilePath(filePath: string): string {
  const parts = filePath.replace(/\\/g, "/").split("/");
  const fileName = (parts.pop() ?? "").replace(/\.mdx?$/, "");
  return fileName === "index" ? (parts.pop() ?? "") : fileName;
}

/** The areas served: the list by travel zone, and one page per county (content/areas/<slug>.mdx). */
export const areasPath = "/areas";

export function areaPath(slug: string): string {
  return `${areasPath}/${slug}`;
}

/** The schedule page with a county already chosen, by its name in pricing.yaml: its travel fee follows. */
export function scheduleIn(county: string): string {
  return `${schedulePath}?${new URLSearchParams({ county }).toString()}`;
}

/** Share images (Open Graph) are 1200 by 630 pixels. */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** Where a page's share image is published: "/" has /og/index.png, "/services/radon" /og/services/radon.png. */
export function shareImagePath(route: string): string {
  return `/og${route === "/" ? "/index" : route}.png`;
}
