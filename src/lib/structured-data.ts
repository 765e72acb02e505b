/**
 * JSON-LD for search engines (schema.org): the business on every page, a breadcrumb trail
 * below the home page, and the page's own subject: a Service, an Offer, a BlogPosting.
 */
import { telHref } from "./phone";
import { shareImagePath } from "./paths";
import { waterPackageTitle } from "./water-package-title";

export type JsonLdNode = Record<string, unknown>;

export interface BusinessFacts {
  name: string;
  tagline: string;
  phone: string;
  email: string;
  address: {
    street?: string | null;
    locality?: string | null;
    postalCode?: string | null;
    region: string;
    country: string;
  };
  social: { facebook: string; instagram: string; linkedin: string; youtube: string };
}

/**
 * When the business works and what it charges, given on the home page only: search engines read the
 * business from the page that presents it, and the other pages' first round trip has no room for it.
 */
export interface BusinessHoursAndPrices {
  /** openingHoursNodes of availability.yaml's weekly hours, made at build time (gatsby/resolvers.ts). */
  openingHoursSpecification: readonly JsonLdNode[];
  /** From the lowest to the highest listed price (listedPriceRange in quote.ts). */
  priceRange: string;
}

const maryland = { "@type": "State", name: "Maryland" };

export const businessId = (siteUrl: string) => `${siteUrl}/#business`;

/** The square icon gatsby-plugin-manifest makes from src/images/icon.svg, as search engines want a logo. */
function logoNode(siteUrl: string): JsonLdNode {
  return { "@type": "ImageObject", url: `${siteUrl}/icons/icon-512x512.png`, width: 512, height: 512 };
}

/** Only the parts content/site.yaml gives: an address part that is not on record is left out. */
function postalAddressNode(address: BusinessFacts["address"]): JsonLdNode {
  return {
    "@type": "PostalAddress",
    ...(address.street && { streetAddress: address.street }),
    ...(address.locality && { addressLocality: address.locality }),
    ...(address.postalCode && { postalCode: address.postalCode }),
    addressRegion: address.region,
    addressCountry: address.country,
  };
}

/**
 * The opening hours as schema.org wants them: one specification for each set of days with the
 * same hours, so Monday to Saturday at 8 to 6 is one, with its days listed.
 */
export function openingHoursNodes(
  weeklyHours: readonly { day: string; opens: string; closes: string }[],
): JsonLdNode[] {
  const byHours = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const { day, opens, closes } of weeklyHours) {
    const key = `${opens}-${closes}`;
    const group = byHours.get(key) ?? { opens, closes, days: [] };
    group.days.push(day[0]!.toUpperCase() + day.slice(1));
    byHours.set(key, group);
  }
  return Array.from(byHours.values(), ({ opens, closes, days }) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: days,
    opens,
    closes,
  }));
}

export function businessNode(
  site: BusinessFacts,
  siteUrl: string,
  hoursAndPrices?: BusinessHoursAndPrices,
): JsonLdNode {
  return {
    "@type": "HomeAndConstructionBusiness",
    "@id": businessId(siteUrl),
    name: site.name,
    description: site.tagline,
    url: `${siteUrl}/`,
    telephone: telHref(site.phone).replace("tel:", ""),
    email: site.email,
    image: `${siteUrl}${shareImagePath("/")}`,
    logo: logoNode(siteUrl),
    address: postalAddressNode(site.address),
    areaServed: maryland,
    ...(hoursAndPrices && {
      openingHoursSpecification: hoursAndPrices.openingHoursSpecification,
      priceRange: hoursAndPrices.priceRange,
    }),
    sameAs: Object.values(site.social),
  };
}

export function breadcrumbNode(siteUrl: string, trail: readonly { name: string; path: string }[]): JsonLdNode {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
}

export function serviceNode(
  siteUrl: string,
  service: { title: string; summary: string; path: string; startingPrice?: number | null },
): JsonLdNode {
  const url = `${siteUrl}${service.path}`;
  return {
    "@type": "Service",
    "@id": `${url}#service`,
    name: service.title,
    serviceType: service.title,
    description: service.summary,
    url,
    provider: { "@id": businessId(siteUrl) },
    areaServed: maryland,
    ...(service.startingPrice != null && {
      offers: {
        "@type": "Offer",
        url,
        priceCurrency: "USD",
        price: service.startingPrice.toFixed(2),
        priceSpecification: { "@type": "PriceSpecification", minPrice: service.startingPrice, priceCurrency: "USD" },
      },
    }),
  };
}

export function waterPackageNode(
  siteUrl: string,
  pack: { name: string; summary: string; path: string; price: number },
): JsonLdNode {
  const url = `${siteUrl}${pack.path}`;
  return {
    "@type": "Service",
    "@id": `${url}#service`,
    name: waterPackageTitle(pack.name),
    serviceType: "Water quality testing",
    description: pack.summary,
    url,
    provider: { "@id": businessId(siteUrl) },
    areaServed: maryland,
    offers: {
      "@type": "Offer",
      url,
      price: pack.price.toFixed(2),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    },
  };
}

export function blogPostingNode(
  siteUrl: string,
  post: {
    title: string;
    description: string;
    path: string;
    date: string;
    lastReviewed?: string | null;
    author: string;
  },
): JsonLdNode {
  const url = `${siteUrl}${post.path}`;
  return {
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    headline: post.title.slice(0, 110),
    description: post.description,
    url,
    mainEntityOfPage: url,
    image: [`${siteUrl}${shareImagePath(post.path)}`],
    datePublished: post.date,
    dateModified: post.lastReviewed ?? post.date,
    author: { "@type": "Person", name: post.author },
    // The business by reference: its node in the same graph carries the name and the logo.
    publisher: { "@id": businessId(siteUrl) },
  };
}

/** One JSON-LD document holding every node, safe to inline in a script element. */
export function jsonLdScript(nodes: readonly JsonLdNode[]): string {
  return JSON.stringify({ "@context": "https://schema.org", "@graph": nodes }).replace(/</g, "\\u003c");
}
