/**
 * The routes of the specification's table, with the page heading each must show. Water
 * package routes come from the package file, since the specification leaves their ids open.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defaultContentDir, readContentFile } from "../../src/build-time/content-files";
import { areaName } from "../../src/lib/areas/areas";
import { blogIndexPages } from "../../src/lib/blog-pages";
import { areaPath } from "../../src/lib/paths";
import { readFrontMatter } from "../../src/lib/content/front-matter";

export const waterPackages = readContentFile("water-packages.yaml");
/** The blog's topics: each has a page of posts (added with the paged blog and search, issue 44). */
export const topics = readContentFile("topics.yaml");

/** The published posts (drafts are left out of the build), for the blog index's older pages. */
const publishedPosts = readdirSync(path.join(defaultContentDir, "blog")).filter((slug) => {
  const { data } = readFrontMatter(readFileSync(path.join(defaultContentDir, "blog", slug, "index.mdx"), "utf8"));
  return !(data as { draft?: boolean }).draft;
}).length;
/** /blog/2, /blog/3...: none until there are more posts than one page shows. */
const olderBlogPages = blogIndexPages(publishedPosts).slice(1);

/** The area pages, one per file of content/areas, each headed with the county its file names. */
const areaRoutes = readdirSync(path.join(defaultContentDir, "areas")).map((file) => {
  const { data } = readFrontMatter(readFileSync(path.join(defaultContentDir, "areas", file), "utf8"));
  const name = areaName((data as { county: string }).county).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return { path: areaPath(file.replace(/\.mdx$/, "")), heading: new RegExp(`Home inspections in ${name}`) };
});

export const specRoutes: { path: string; heading: RegExp }[] = [
  { path: "/", heading: /Know the home before you sign/ },
  { path: "/services", heading: /Inspection and testing services/ },
  { path: "/services/residential", heading: /Residential Home Inspection/ },
  { path: "/services/commercial", heading: /Commercial Property Inspection/ },
  { path: "/services/radon", heading: /Radon Testing/ },
  { path: "/services/mold", heading: /Mold Inspection/ },
  { path: "/services/sewer-septic", heading: /Sewer Scope and Septic Inspection/ },
  { path: "/services/new-construction", heading: /New Construction Inspection/ },
  { path: "/services/well-inspection", heading: /Well Inspection/ },
  { path: "/services/water-quality", heading: /Water Quality Testing/ },
  ...waterPackages.map((pack) => ({ path: `/services/water-quality/${pack.id}`, heading: new RegExp(pack.name) })),
  { path: "/services/lead-paint-inspection", heading: /Lead Paint Inspection/ },
  { path: "/services/lead-paint-legal-requirements", heading: /Maryland Lead Paint Legal Requirements/ },
  { path: "/schedule", heading: /Schedule an inspection/ },
  { path: "/blog", heading: /Maryland inspection guides/ },
  ...olderBlogPages.map(({ path: route, page, pages }) => ({
    path: route,
    heading: new RegExp(`Maryland inspection guides, page ${page} of ${pages}`),
  })),
  { path: "/blog/maryland-mold-law", heading: /Mold Protection Act/ },
  { path: "/blog/well-inspections-maryland", heading: /Well Inspections in Maryland/ },
  { path: "/blog/septic-inspections-maryland", heading: /Septic Inspections in Maryland/ },
  { path: "/blog/walk-talk-vs-inspection", heading: /Walk-and-Talk/ },
  { path: "/blog/comprehensive-water-quality-testing", heading: /Water Quality Testing/ },
  { path: "/blog/lead-inspection-preparation", heading: /Prepare for a Lead Inspection/ },
  ...topics.map((topic) => ({ path: `/blog/topics/${topic.id}`, heading: new RegExp(`^${topic.name}$`) })),
  { path: "/search", heading: /Search the site/ },
  { path: "/areas", heading: /Areas we serve/ },
  ...areaRoutes,
  { path: "/about", heading: /About Severn Ridge/ },
  { path: "/faq", heading: /Frequently asked questions/ },
  { path: "/contact", heading: /Contact us/ },
  { path: "/cancellation-policy", heading: /Cancelling or moving an inspection/ },
  { path: "/privacy", heading: /What we keep, and for how long/ },
];
