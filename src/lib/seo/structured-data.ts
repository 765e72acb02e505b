/**
 * JSON-LD for search engines (schema.org): the business on every page, a breadcrumb trail
 * below the home page, and the page's own subject: a Service, an Offer, a BlogPosting, the
 * services offered in one county. Each node `satisfies` its type in schema-dts, Google's typings
 * of the schema.org vocabulary, so an unknown type or property fails `tsc`.
 */
import type {
  AdministrativeArea,
  BlogPosting,
  BreadcrumbList,
  DayOfWeek,
  HomeAndConstructionBusiness,
  ImageObject,
  OpeningHoursSpecification,
  PostalAddress,
  Service,
  State,
} from "schema-dts";
import { telHref } from "../text/phone";
import { shareImagePath } from "../paths";
import { waterPackageTitle } from "../pricing/water-package-title";

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

const maryland = { "@type": "State", name: "Maryland" } as const satisfies State;

/** A county (or Baltimore City) the business serves, with its area page; its node is made at build time. */
export interface ServedArea {
  /** As a reader names it: Frederick County. */
  name: string;
  path: string;
}

export function administrativeAreaNode(siteUrl: string, area: ServedArea) {
  return {
    "@type": "AdministrativeArea",
    name: area.name,
    url: `${siteUrl}${area.path}`,
    containedInPlace: maryland,
  } as const satisfies AdministrativeArea;
}

export const businessId = (siteUrl: string) => `${siteUrl}/#business`;

/** The square icon gatsby-plugin-manifest makes from src/images/icon.svg, as search engines want a logo. */
function logoNode(siteUrl: string): ImageObject {
  // Google's logo guidelines give the size as a number of pixels; schema.org's range for width and
  // height is Distance (text) or QuantitativeValue, so these two values alone are cast.
  const pixels = 512 as unknown as string;
  return { "@type": "ImageObject", url: `${siteUrl}/icons/icon-512x512.png`, width: pixels, height: pixels };
}

/** Only the parts content/site.yaml gives: an address part that is not on record is left out. */
function postalAddressNode(address: BusinessFacts["address"]): PostalAddress {
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
  return Array.from(
    byHours.values(),
    ({ opens, closes, days }) =>
      ({
        "@type": "OpeningHoursSpecification",
        // "Monday" is DayOfWeek's short form; the days come from availability.yaml's weekday names.
        dayOfWeek: days as DayOfWeek[],
        opens,
        closes,
      }) satisfies OpeningHoursSpecification,
  );
}

/**
 * The business; `areas`, the counties it serves as AdministrativeArea nodes (administrativeAreaNode,
 * made at build time: gatsby/resolvers.ts), where the home page and /areas give them, as they give
 * its hours (the other pages' first round trip has no room for 24 places); else Maryland.
 */
export function businessNode(
  site: BusinessFacts,
  siteUrl: string,
  hoursAndPrices?: BusinessHoursAndPrices,
  areas?: readonly JsonLdNode[],
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
    // Made by administrativeAreaNode and openingHoursNodes, which check them.
    areaServed: areas?.length ? (areas as unknown as AdministrativeArea[]) : maryland,
    ...(hoursAndPrices && {
      openingHoursSpecification: hoursAndPrices.openingHoursSpecification as unknown as OpeningHoursSpecification[],
      priceRange: hoursAndPrices.priceRange,
    }),
    sameAs: Object.values(site.social),
  } satisfies HomeAndConstructionBusiness;
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
  } satisfies BreadcrumbList;
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
  } satisfies Service;
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
  } satisfies Service;
}

/** A service as offered in one county, at the quote engine's price there, travel included. */
export function areaServiceNode(
  siteUrl: string,
  area: ServedArea,
  service: { id: string; label: string; total: number },
): JsonLdNode {
  const url = `${siteUrl}${area.path}`;
  return {
    "@type": "Service",
    "@id": `${url}#${service.id}`,
    name: `${service.label} in ${area.name}`,
    serviceType: service.label,
    url,
    provider: { "@id": businessId(siteUrl) },
    areaServed: administrativeAreaNode(siteUrl, area),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "USD",
      price: service.total.toFixed(2),
      priceSpecification: { "@type": "PriceSpecification", minPrice: service.total, priceCurrency: "USD" },
    },
  } satisfies Service;
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
  } satisfies BlogPosting;
}

/** One JSON-LD document holding every node, safe to inline in a script element. */
export function jsonLdScript(nodes: readonly JsonLdNode[]): string {
  return JSON.stringify({ "@context": "https://schema.org", "@graph": nodes }).replace(/</g, "\\u003c");
}
