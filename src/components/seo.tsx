import React from "react";
import { useSiteInfo } from "../hooks/use-site-info";
import { useSiteUrl } from "../hooks/use-site-url";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImagePath } from "../lib/paths";
import {
  breadcrumbNode,
  businessNode,
  jsonLdScript,
  type BusinessHoursAndPrices,
  type JsonLdNode,
} from "../lib/seo/structured-data";

export interface Crumb {
  name: string;
  path: string;
}

interface SeoProps {
  /** The page's own name; the business name is added after it. */
  title: string;
  description: string;
  pathname: string;
  /** The pages above this one, below Home: e.g. Services above a service page. */
  parents?: readonly Crumb[];
  /** What the page is about, as schema.org nodes (a Service, a BlogPosting...). */
  structuredData?: readonly JsonLdNode[];
  type?: "website" | "article";
  /** For pages search engines should not list, such as the not-found page. */
  noindex?: boolean;
  /** The business's opening hours and price range, for the home page's description of it. */
  hoursAndPrices?: BusinessHoursAndPrices;
  /** The counties the business serves, as AdministrativeArea nodes, for its description (the home page and /areas). */
  areasServed?: readonly JsonLdNode[];
}

/** The head of every page, used from each page's `Head` export. */
export function Seo({
  title,
  description,
  pathname,
  parents = [],
  structuredData = [],
  type = "website",
  noindex,
  hoursAndPrices,
  areasServed,
}: SeoProps) {
  const site = useSiteInfo();
  const siteUrl = useSiteUrl();
  const url = `${siteUrl}${pathname}`;
  const fullTitle = `${title} | ${site.name}`;
  const image = `${siteUrl}${shareImagePath(pathname)}`;
  const trail = [{ name: "Home", path: "/" }, ...parents, { name: title, path: pathname }];
  const nodes = [
    businessNode(site, siteUrl, hoursAndPrices, areasServed),
    ...(pathname === "/" || noindex ? [] : [breadcrumbNode(siteUrl, trail)]),
    ...structuredData,
  ];
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {!noindex && <meta property="og:image" content={image} />}
      {!noindex && <meta property="og:image:width" content={String(SHARE_IMAGE_WIDTH)} />}
      {!noindex && <meta property="og:image:height" content={String(SHARE_IMAGE_HEIGHT)} />}
      {!noindex && <meta property="og:image:alt" content={fullTitle} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {!noindex && <meta name="twitter:image" content={image} />}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(nodes) }} />
    </>
  );
}
